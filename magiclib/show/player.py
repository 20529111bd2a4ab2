"""The one frame player of the suite: precomputed HTML frames, controls, a step label.

A *frame list* is a non-empty list of HTML strings (at most ``MAX_FRAMES``);
frame 0 is the start. Both players show exactly these frames, each wrapped by
``frame_markup`` in a ``div.mlanim-frame`` carrying ``data-step``, with the
controls named by ``CONTROLS`` and the position written by ``frame_label``:

- ``HTMLAnimation`` (``html_animation``): the frames plus a few lines of inline
  JavaScript. It needs no kernel, no widget manager and no network: it plays in
  JupyterLab, in exported HTML opened from disk, and in slides. The markup is
  deterministic (its id is a hash of the frames), so nbval re-runs it identically.
- ``magiclib.widgets.FramePlayer``: the same frames in an ipywidgets Stack driven
  by Play and a slider (only ``magiclib.widgets`` imports ipywidgets).
"""

from __future__ import annotations

import hashlib
import html as _html
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .._check import as_order, as_text
from ..i18n import N_, _
from .look import BUTTON_CSS, css_font

__all__ = [
    "MAX_FRAMES",
    "CONTROLS",
    "SPEEDS",
    "KEYS",
    "as_frames",
    "frame_label",
    "frame_caption",
    "frame_markup",
    "HTMLAnimation",
    "html_animation",
]

#: Most frames in one player (each frame is stored in the notebook).
MAX_FRAMES = 2000

#: The controls of both players: (name, label, tooltip); the HTML player's button
#: classes are ``mlanim-<name>``, the widget player's buttons carry the same labels. The
#: labels and tooltips are English here; the players show them through ``_()``.
CONTROLS = (
    ("first", N_("|\u25c0 first"), N_("first step")),
    ("back", N_("\u25c0 step back"), N_("step back")),
    ("play", N_("\u25b6 Play"), N_("play or pause")),
    ("forward", N_("step forward \u25b6"), N_("step forward")),
    ("last", N_("last \u25b6|"), N_("last step")),
)


def as_frames(frames: Any) -> list[str]:
    """``frames`` as a list of HTML strings, or a clear error (1 to ``MAX_FRAMES`` frames).

    >>> as_frames(("<b>1</b>",))
    ['<b>1</b>']
    """
    if isinstance(frames, (str, bytes)) or not hasattr(frames, "__len__") or not hasattr(frames, "__iter__"):
        raise TypeError(_("frames must be a list of HTML strings, got {kind}", kind=type(frames).__name__))
    if not 1 <= len(frames) <= MAX_FRAMES:
        raise ValueError(
            _(
                "frames must hold between 1 and {maximum} HTML strings, got {size}",
                maximum=MAX_FRAMES,
                size=len(frames),
            )
        )
    frames = list(frames)
    if not all(isinstance(f, str) for f in frames):
        raise TypeError(_("frames must be a list of HTML strings: every frame must be a string"))
    return frames


def frame_label(i: int, last: int, word: str | None = None) -> str:
    """The position text both players show under the slider (``word`` defaults to "step" in the
    reader's language).

    >>> frame_label(3, 9)
    'step 3 / 9'
    """
    return f"{_('step') if word is None else word} {i} / {last}"


_CAPTION = re.compile(r'<div class="[^"]*caption[^"]*"[^>]*>(.*?)</div>', re.S)
_STEP_PREFIX = re.compile(r"^step\s+\d+\s*:\s*", re.I)


def frame_caption(frame: str) -> str:
    """The words of a frame's caption (its first ``div`` whose class names a caption), as plain text.

    Screen readers hear it after the position ("step 4 of 9: ..."); a leading "Step 4:" is
    dropped because the position already says it. A frame without a caption gives "". The
    first caption is the frame's own (a closing frame puts its headline first, above the
    captions of the small boards it shows).

    >>> frame_caption('<table></table><div class="walk-caption">Step 4: 4 goes <b>down</b></div>')
    '4 goes down'
    """
    found = _CAPTION.findall(frame)
    if not found:
        return ""
    text = re.sub(r"\s+", " ", _html.unescape(re.sub(r"<[^>]+>", "", found[0]))).strip()
    # The caption's "Step 4: " as the reader's language writes it (the Siamese frames' message).
    head = _("Step {number}: {words}").split("{words}")[0]
    if "{number}" in head:
        local = re.compile(
            "^" + re.escape(head).replace(re.escape("{number}"), r"\d+").replace(r"\ ", r"\s*")
        )
        text = local.sub("", text)
    return _STEP_PREFIX.sub("", text)


def frame_markup(i: int, frame: str, *, visible: bool = True) -> str:
    """Frame ``i`` wrapped as both players show it: ``div.mlanim-frame`` with ``data-step``.

    >>> frame_markup(2, "<b>x</b>")
    '<div class="mlanim-frame" data-step="2" style="display:block"><b>x</b></div>'
    """
    return (
        f'<div class="mlanim-frame" data-step="{i}" style="display:{"block" if visible else "none"}">'
        f"{frame}</div>"
    )


#: Speeds offered by both players: (label, factor applied to the base interval).
SPEEDS = (
    (N_("slow \u00bd\u00d7"), 0.5),
    (N_("normal 1\u00d7"), 1.0),
    (N_("fast 2\u00d7"), 2.0),
    (N_("faster 4\u00d7"), 4.0),
)

#: Keys of the kernel-free player, once it (or one of its controls) has keyboard focus.
KEYS = {
    " ": N_("play or pause"),
    "ArrowLeft": N_("step back"),
    "ArrowRight": N_("step forward"),
    "Home": N_("first step"),
    "End": N_("last step"),
}

#: Focus ring and a fixed frame look, the same in every host page (JupyterLab, exported HTML,
#: slides): the page's table striping and hover colours never reach the frames. The player's own
#: ring is drawn inside its box: an output area that scrolls sideways clips anything outside.
PLAYER_CSS = (
    "<style>"
    ".mlanim:focus-visible{outline:3px solid #0072B2;outline-offset:-3px}"
    ".mlanim button:focus-visible,.mlanim input:focus-visible,"
    ".mlanim select:focus-visible{outline:3px solid #0072B2;outline-offset:2px}"
    "div.mlanim-frame table tbody tr:nth-child(n),div.mlanim-frame table tbody tr:nth-child(n):hover"
    "{background:transparent}"
    "</style>"
)

_SCRIPT = """<script>
(function () {
  var root = document.getElementById("%(uid)s");
  if (!root || root.dataset.ready) return;
  root.dataset.ready = "1";
  var frames = root.querySelectorAll(".mlanim-frame");
  var slider = root.querySelector(".mlanim-slider");
  var label = root.querySelector(".mlanim-label");
  var play = root.querySelector(".mlanim-play");
  var speed = root.querySelector(".mlanim-speed");
  var last = frames.length - 1, timer = null, base = %(interval)d;
  function text(i) { return %(word)s + " " + i + " / " + last; }
  function show(i) {
    i = Math.max(0, Math.min(last, i));
    for (var k = 0; k < frames.length; k++) frames[k].style.display = (k === i) ? "block" : "none";
    slider.value = i; root.dataset.frame = i;
    slider.setAttribute("aria-valuetext", text(i));
    label.textContent = text(i);
  }
  function stop() {
    if (timer) { clearInterval(timer); timer = null; }
    play.textContent = %(play)s; play.setAttribute("aria-pressed", "false");
  }
  function tick() { if (+slider.value >= last) { stop(); return; } show(+slider.value + 1); }
  function start() {
    if (+slider.value >= last) show(0);
    play.textContent = %(pause)s; play.setAttribute("aria-pressed", "true");
    timer = setInterval(tick, Math.round(base / +speed.value));
  }
  function toggle() { if (timer) stop(); else start(); }
  play.onclick = toggle;
  root.querySelector(".mlanim-first").onclick = function () { stop(); show(0); };
  root.querySelector(".mlanim-back").onclick = function () { stop(); show(+slider.value - 1); };
  root.querySelector(".mlanim-forward").onclick = function () { stop(); show(+slider.value + 1); };
  root.querySelector(".mlanim-last").onclick = function () { stop(); show(last); };
  slider.oninput = function () { stop(); show(+slider.value); };
  speed.onchange = function () { if (timer) { clearInterval(timer); timer = null; start(); } };
  root.addEventListener("keydown", function (e) {
    var tag = e.target.tagName, key = e.key;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (tag === "SELECT") return;
    if (tag === "BUTTON" && (key === " " || key === "Enter")) return;  /* the button's own click */
    if (key === " " || key === "Spacebar") { toggle(); }
    else if (key === "ArrowRight" || key === "ArrowUp") { stop(); show(+slider.value + 1); }
    else if (key === "ArrowLeft" || key === "ArrowDown") { stop(); show(+slider.value - 1); }
    else if (key === "Home") { stop(); show(0); }
    else if (key === "End") { stop(); show(last); }
    else if (key === "Enter" && e.target === root) { toggle(); }
    else return;
    e.preventDefault(); e.stopPropagation();
  });
  show(0);
})();
</script>"""


class HTMLAnimation:
    """Frames (HTML strings) with Play/Pause, first, step back, step forward, last and a slider.

    Display it in a notebook (it has ``_repr_html_``), embed ``.html`` in a page,
    or ``save(path)`` a standalone page for slides.
    """

    def __init__(
        self,
        frames: Sequence[str],
        *,
        interval_ms: int = 700,
        title: str | None = None,
        name: str = "animation",
        label: str | None = None,
    ):
        self.frames = as_frames(frames)
        self.interval_ms = as_order(
            interval_ms, name="interval_ms", minimum=10, maximum=60_000, what=_("a duration in ms")
        )
        self.title = as_text(title)
        self.name = as_text(name, name="name") or "animation"
        self.label = as_text(label, name="label") or _("step")
        digest = hashlib.sha1("\x00".join(self.frames + [name, str(interval_ms)]).encode()).hexdigest()
        self.uid = f"mlanim-{digest[:12]}"

    @property
    def html(self) -> str:
        """The markup: a div with the controls and every frame, plus the inline script.

        The player is one keyboard stop (``tabindex=0``, a named group): Space plays or
        pauses, the arrow keys step, Home and End jump; the step text is a polite live
        region, so a screen reader says where the player is.
        """
        last = len(self.frames) - 1
        name = self.title or self.name.replace("-", " ")
        keys = _("Space: play or pause; left and right arrows: step; Home and End: first and last step")
        parts = [
            PLAYER_CSS,
            f'<div id="{self.uid}" class="mlanim mlanim-{_html.escape(self.name)}" role="group" tabindex="0" '
            f'aria-label="{_html.escape(_("{name}: player. {keys}", name=name, keys=keys))}" '
            f'aria-roledescription="{_html.escape(_("frame player"))}" '
            f'style="{css_font(15)};padding:2px">',
        ]
        if self.title:
            parts.append(
                f'<div style="{css_font(16, weight="bold")};margin:4px 0">{_html.escape(self.title)}</div>'
            )
        parts.append('<div class="mlanim-controls" style="margin:4px 0">')
        for key, text, tip in CONTROLS:
            text, tip = _html.escape(_(text)), _html.escape(_(tip))
            pressed = ' aria-pressed="false"' if key == "play" else ""
            parts.append(
                f'<button type="button" class="mlanim-{key}" title="{tip}" aria-label="{tip}"{pressed} '
                f'style="{BUTTON_CSS}">{text}</button>'
            )
        parts.append(
            f'<input type="range" class="mlanim-slider" min="0" max="{last}" value="0" '
            f'aria-label="{_html.escape(self.label)}" '
            f'aria-valuetext="{_html.escape(frame_label(0, last, self.label))}" '
            f'style="width:260px;vertical-align:middle">'
        )
        parts.append(
            f'<span class="mlanim-label" role="status" aria-live="polite" aria-atomic="true" '
            f'style="{css_font(15)};margin-left:8px">'
            f"{_html.escape(frame_label(0, last, self.label))}</span>"
        )
        options = "".join(
            f'<option value="{factor}"{" selected" if factor == 1.0 else ""}>{text}</option>'
            for text, factor in ((_html.escape(_(label)), factor) for label, factor in SPEEDS)
        )
        parts.append(
            f'<label style="{css_font(15)};margin-left:12px">{_html.escape(_("speed"))} '
            f'<select class="mlanim-speed" style="{css_font(15)}">{options}</select></label>'
        )
        parts.append("</div>")
        for i, frame in enumerate(self.frames):
            parts.append(frame_markup(i, frame, visible=i == 0))
        parts.append("</div>")
        parts.append(
            _SCRIPT
            % {
                "uid": self.uid,
                "interval": self.interval_ms,
                "word": json.dumps(self.label),
                "play": json.dumps(_(CONTROLS[2][1])),
                "pause": json.dumps(_("\u2016 Pause")),
            }
        )
        return "".join(parts)

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return f"HTMLAnimation({self.name!r}, frames={len(self.frames)})"

    def save(self, path: str | Path) -> Path:
        """Write a standalone HTML page holding the animation; return its path."""
        path = Path(path)
        title = _html.escape(self.title or self.name)
        path.write_text(
            f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>{title}</title></head>'
            f"<body>{self.html}</body></html>\n",
            encoding="utf-8",
        )
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
