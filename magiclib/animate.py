"""Self-contained HTML animations: precomputed frames plus a few lines of inline JavaScript.

Unlike an ipywidgets player, such an animation needs no kernel, no widget
manager and no network: it plays in JupyterLab, in exported HTML opened from
disk, and in slides. The markup is deterministic (its id is a hash of the
frames), so a notebook cell that shows it re-runs identically under nbval.
"""

from __future__ import annotations

import hashlib
import html as _html
from collections.abc import Sequence
from pathlib import Path

__all__ = ["HTMLAnimation", "html_animation"]

_SCRIPT = """<script>
(function () {
  var root = document.getElementById("%(uid)s");
  if (!root || root.dataset.ready) return;
  root.dataset.ready = "1";
  var frames = root.querySelectorAll(".mlanim-frame");
  var slider = root.querySelector(".mlanim-slider");
  var label = root.querySelector(".mlanim-label");
  var play = root.querySelector(".mlanim-play");
  var last = frames.length - 1, timer = null;
  function show(i) {
    i = Math.max(0, Math.min(last, i));
    for (var k = 0; k < frames.length; k++) frames[k].style.display = (k === i) ? "block" : "none";
    slider.value = i; root.dataset.frame = i;
    label.textContent = "step " + i + " / " + last;
  }
  function stop() { if (timer) { clearInterval(timer); timer = null; } play.textContent = "\\u25B6 Play"; }
  function start() {
    if (+slider.value >= last) show(0);
    play.textContent = "\\u2016 Pause";
    timer = setInterval(function () {
      if (+slider.value >= last) { stop(); return; }
      show(+slider.value + 1);
    }, %(interval)d);
  }
  play.onclick = function () { if (timer) stop(); else start(); };
  root.querySelector(".mlanim-first").onclick = function () { stop(); show(0); };
  root.querySelector(".mlanim-back").onclick = function () { stop(); show(+slider.value - 1); };
  root.querySelector(".mlanim-forward").onclick = function () { stop(); show(+slider.value + 1); };
  root.querySelector(".mlanim-last").onclick = function () { stop(); show(last); };
  slider.oninput = function () { stop(); show(+slider.value); };
  show(0);
})();
</script>"""

_BUTTON = ("font:15px sans-serif;padding:4px 10px;margin-right:4px;border:1px solid #666;"
           "border-radius:4px;background:#f7f7f7;cursor:pointer")


class HTMLAnimation:
    """Frames (HTML strings) with Play/Pause, first, step back, step forward, last and a slider.

    Display it in a notebook (it has ``_repr_html_``), embed ``.html`` in a page,
    or ``save(path)`` a standalone page for slides.
    """

    def __init__(self, frames: Sequence[str], *, interval_ms: int = 700, title: str | None = None,
                 name: str = "animation"):
        if isinstance(frames, str) or len(frames) == 0:
            raise ValueError("an animation needs a non-empty sequence of HTML frames")
        if not all(isinstance(f, str) for f in frames):
            raise TypeError("every frame must be an HTML string")
        if not isinstance(interval_ms, int) or interval_ms <= 0:
            raise ValueError(f"interval_ms must be a positive int, got {interval_ms!r}")
        self.frames = list(frames)
        self.interval_ms = interval_ms
        self.title = title
        self.name = name
        digest = hashlib.sha1("\x00".join(self.frames + [name, str(interval_ms)]).encode()).hexdigest()
        self.uid = f"mlanim-{digest[:12]}"

    @property
    def html(self) -> str:
        """The markup: a div with the controls and every frame, plus the inline script."""
        last = len(self.frames) - 1
        parts = [f'<div id="{self.uid}" class="mlanim mlanim-{_html.escape(self.name)}" '
                 f'style="font-family:sans-serif">']
        if self.title:
            parts.append(f'<div style="font:bold 16px sans-serif;margin:4px 0">{_html.escape(self.title)}</div>')
        parts.append('<div class="mlanim-controls" style="margin:4px 0">')
        for cls, text, tip in [("mlanim-first", "|\u25C0 first", "first step"), ("mlanim-back", "\u25C0 step", "step back"),
                               ("mlanim-play", "\u25B6 Play", "play or pause"),
                               ("mlanim-forward", "step \u25B6", "step forward"), ("mlanim-last", "last \u25B6|", "last step")]:
            parts.append(f'<button type="button" class="{cls}" title="{tip}" style="{_BUTTON}">{text}</button>')
        parts.append(f'<input type="range" class="mlanim-slider" min="0" max="{last}" value="0" '
                     f'style="width:260px;vertical-align:middle">')
        parts.append(f'<span class="mlanim-label" style="font:15px sans-serif;margin-left:8px">step 0 / {last}</span>')
        parts.append("</div>")
        for i, frame in enumerate(self.frames):
            display = "block" if i == 0 else "none"
            parts.append(f'<div class="mlanim-frame" data-step="{i}" style="display:{display}">{frame}</div>')
        parts.append("</div>")
        parts.append(_SCRIPT % {"uid": self.uid, "interval": self.interval_ms})
        return "".join(parts)

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return f"HTMLAnimation({self.name!r}, frames={len(self.frames)})"

    def save(self, path: str | Path) -> Path:
        """Write a standalone HTML page holding the animation; return its path."""
        path = Path(path)
        title = _html.escape(self.title or self.name)
        path.write_text(f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title></head>"
                        f"<body>{self.html}</body></html>\n", encoding="utf-8")
        return path


def html_animation(frames: Sequence[str], **kwargs) -> HTMLAnimation:
    """A self-contained ``HTMLAnimation`` of ``frames`` (HTML strings).

    >>> anim = html_animation(["<b>1</b>", "<b>2</b>"], name="demo")
    >>> anim
    HTMLAnimation('demo', frames=2)
    >>> anim.html.count('class="mlanim-frame"')
    2
    """
    return HTMLAnimation(frames, **kwargs)
