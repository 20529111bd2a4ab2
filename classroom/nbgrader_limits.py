"""Two steps nbgrader's autograde runs after a submission's cells (the course's nbgrader_config.py adds them):

- `TruncateOutput`: nbgrader's own limit counts lines only, so one line of megabytes passes; this cuts
  every text output to `TruncateOutput.max_chars` characters and drops a picture over
  `TruncateOutput.max_bytes`, so a submission that prints without end cannot swell the graded copy, the
  grade book's folder or the feedback page.
- `SanitizeForGrading`: nbconvert's `SanitizeHTML`, switched on. A submission's outputs and Markdown may
  carry a script; the teacher reads the graded copy and the feedback page in a browser logged in to the
  hub, where such a script could call the hub's API with the teacher's rights. This removes JavaScript
  outputs and escapes every HTML tag or attribute that can run code (``<script>``, ``onerror=``, ...) in
  outputs and Markdown, before anything is stored or shown.
"""

from __future__ import annotations

from nbconvert.preprocessors import Preprocessor
from nbconvert.preprocessors.sanitize import SanitizeHTML
from traitlets import Bool, Integer


class TruncateOutput(Preprocessor):
    enabled = Bool(True).tag(config=True)
    max_chars = Integer(20_000, help="characters kept of a text output").tag(config=True)
    max_bytes = Integer(2_000_000, help="the largest picture kept, encoded").tag(config=True)

    def _cut(self, text):
        text = "".join(text) if isinstance(text, list) else text
        if len(text) <= self.max_chars:
            return text
        return text[: self.max_chars] + f"\n... output cut to {self.max_chars} characters ...\n"

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type != "code":
            return cell, resources
        for output in cell.outputs:
            if "text" in output:
                output.text = self._cut(output.text)
            for key, value in list(output.get("data", {}).items()):
                size = len(value) if isinstance(value, str) else len(str(value))
                if key.startswith("image/") and size > self.max_bytes:
                    del output.data[key]
                elif isinstance(value, (str, list)) and not key.startswith("image/"):
                    output.data[key] = self._cut(value)
            if output.get("output_type") == "error":
                output.evalue = self._cut(output.get("evalue", ""))
        return cell, resources


class SanitizeForGrading(SanitizeHTML):
    enabled = Bool(True).tag(config=True)
