"""Small browser-side controls (anywidget) that the stock ipywidgets cannot provide.

Each class carries its own ES module in the synced ``_esm`` trait, so it renders from a
notebook's saved widget state with no kernel, no build step and no network (JupyterLab,
Voilà). Three controls:

- ``StepButton``: first / step back / step forward / last, moving the player's slider in the
  browser (through ``jslink``), so stepping works without a kernel;
- ``PlayerKeys``: the player's keyboard stop. Once it has focus (Tab reaches it), Space plays
  or pauses, the left and right arrows step, Home and End jump to the first and last step; it
  says the current step in words in a polite live region ("step 4 of 9: ...") and shows a
  focus ring;
- ``NeedsPython``: a note on a control that recomputes in Python ("needs Python: run the
  cell ..."). The note asks the kernel whether this widget is live; when the kernel answers
  (the cell has run, or Voilà runs the page) the note disappears. Restored from saved state
  there is no kernel side to answer, so the note stays and says why the control does nothing.

``PlayerKeys`` and ``NeedsPython`` also give the stock controls beside them (slider handles, Play's
icon buttons) the accessible names ipywidgets 8.1 leaves out in JupyterLab (``NAME_CONTROLS_JS``).
"""

from __future__ import annotations

import anywidget
import traitlets

from .._check import as_text
from ..i18n import _
from ..show.look import CSS_FONT

__all__ = ["StepButton", "PlayerKeys", "NeedsPython"]

#: The look shared by the three controls: 16 px text (12 pt), AA contrast, a visible focus ring.
_CSS = (
    f"""
.mlfront-step, .mlfront-keys, .mlfront-needs {{
  font: 16px/1.3 {CSS_FONT}; color: #222222;
}}"""
    + """
.mlfront-step {
  padding: 2px 10px; margin: 0 4px 0 0; border: 1px solid #666666; border-radius: 4px;
  background: #f7f7f7; cursor: pointer; min-height: 28px;
}
.mlfront-step:hover { background: #e8e8e8; }
.mlfront-keys {
  display: block; margin: 4px 0; padding: 4px 8px; border: 1px solid #666666; border-radius: 4px;
  background: #ffffff; max-width: 760px;
}
.mlfront-keys .mlfront-hint { color: #4d4d4d; font-size: 16px; }
.mlfront-step:focus-visible, .mlfront-keys:focus-visible, .mlfront-keys:focus {
  outline: 3px solid #0072B2; outline-offset: 2px;
}
/* The stock controls of the suite's widgets (labels, readouts, menus, inputs) at 12 pt too; slider and
   menu labels grow to fit their words instead of being cut. */
[class*="magiclib-"] .widget-label, [class*="magiclib-"] .widget-readout,
[class*="magiclib-"] .widget-dropdown select, [class*="magiclib-"] .widget-text input,
[class*="magiclib-"] .widget-toggle-button { font-size: 16px; }
[class*="magiclib-"] .widget-slider .widget-label,
[class*="magiclib-"] .widget-dropdown .widget-label { min-width: max-content; }
/* Restored from saved state, every view carries ipywidgets' red "disconnected" chain icon, even the
   controls that work without a kernel; in the suite's widgets the Python note says what needs it. */
[class*="magiclib-"].jupyter-widgets-disconnected::before,
[class*="magiclib-"] .jupyter-widgets-disconnected::before { content: none; display: none; }
.mlfront-needs {
  display: inline-block; margin: 2px 6px; padding: 2px 8px; border: 1px solid #B34700;
  border-radius: 4px; background: #fff4e5; color: #5c2e00;
}
"""
)

#: Accessible names for the stock ipywidgets controls, which ipywidgets 8.1 renders without any in
#: JupyterLab: a slider handle (``role=slider``) gets the text of its slider's label, each of Play's icon
#: buttons its action. Shared with the Voilà template (scripts/configure_jupyter.py), one source for both.
NAME_CONTROLS_JS = """
function nameControls(root, names) {
  names = names || {};
  root.querySelectorAll(".noUi-handle[role=slider]:not([aria-label])").forEach(function (h) {
    var w = h.closest(".widget-slider"), l = w && w.querySelector(".widget-label");
    h.setAttribute("aria-label", (l && l.textContent.trim()) || names.slider || "slider");
  });
  root.querySelectorAll(".widget-play button:not([aria-label])").forEach(function (b) {
    var i = b.querySelector("i"), c = i ? i.className : "";
    var name = /play|pause/.test(c) ? names.play || "play or pause" : /stop/.test(c) ? names.stop || "stop"
      : /retweet|repeat/.test(c) ? names.repeat || "repeat" : names.control || "player control";
    b.setAttribute("aria-label", name);
    if (!b.title) b.title = name;
  });
}
"""

#: The front ends below name the stock controls next to them (the children of the box they sit in),
#: now and whenever that box renders more. The box exists once the view is attached: until then a
#: watch on the page starts the naming in the very microtask of the attachment, so that nothing (a
#: screen reader, axe) meets the controls unnamed in between.
_WATCH_JS = (
    NAME_CONTROLS_JS
    + """
function watchControls(el, names) {
  let observer = null, waiting = null;
  const start = () => {
    const box = el.parentElement;
    if (!box) return false;
    if (waiting) { waiting.disconnect(); waiting = null; }
    nameControls(box, names);
    observer = new MutationObserver(() => nameControls(box, names));
    observer.observe(box, { childList: true, subtree: true });
    return true;
  };
  if (!start()) {
    waiting = new MutationObserver(start);
    waiting.observe(document.documentElement, { childList: true, subtree: true });
  }
  return () => { if (waiting) waiting.disconnect(); if (observer) observer.disconnect(); };
}
"""
)

_STEP_ESM = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "mlfront-step mlfront-step-" + model.get("key");
  const update = () => {
    button.textContent = model.get("description");
    button.title = model.get("tooltip");
    button.setAttribute("aria-label", model.get("tooltip"));
  };
  update();
  model.on("change:description", update);
  model.on("change:tooltip", update);
  button.addEventListener("click", () => {
    const last = model.get("max");
    const next = Math.max(0, Math.min(last, model.get("value") + model.get("delta")));
    model.set("playing", false);
    model.set("value", next);
    model.save_changes();
  });
  el.appendChild(button);
  return () => { model.off("change:description", update); model.off("change:tooltip", update); };
}
export default { render };
"""

_KEYS_ESM = (
    _WATCH_JS
    + """
// A message of the catalogue, its {placeholders} filled (the words come translated from Python).
function fill(template, values) {
  return template.replace(/\\{(\\w+)\\}/g, (all, key) => (key in values ? String(values[key]) : all));
}
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "mlfront-keys";
  box.tabIndex = 0;
  box.setAttribute("role", "group");
  box.setAttribute("aria-roledescription", model.get("roledescription"));
  const status = document.createElement("span");
  status.className = "mlfront-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  status.setAttribute("aria-atomic", "true");
  const hint = document.createElement("span");
  hint.className = "mlfront-hint";
  hint.setAttribute("aria-hidden", "true");
  hint.textContent = " \\u2014 " + model.get("hint");
  box.append(status, hint);
  el.appendChild(box);
  const words = () => {
    const i = model.get("value"), last = model.get("max");
    const caption = (model.get("captions") || [])[i] || "";
    const template = caption ? model.get("said_caption") : model.get("said");
    return fill(template, { word: model.get("word"), step: i, last: last, caption: caption });
  };
  const update = () => {
    status.textContent = words();
    box.dataset.step = String(model.get("value"));
    box.dataset.playing = model.get("playing") ? "1" : "0";
    box.setAttribute("aria-label", fill(model.get("instructions"), { label: model.get("label") }));
  };
  const go = (i) => {
    model.set("playing", false);
    model.set("value", Math.max(0, Math.min(model.get("max"), i)));
    model.save_changes();
  };
  box.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const i = model.get("value");
    if (e.key === " " || e.key === "Spacebar" || e.key === "Enter") {
      const playing = !model.get("playing");
      if (playing && i >= model.get("max")) model.set("value", 0);
      model.set("playing", playing);
      model.save_changes();
    } else if (e.key === "ArrowRight" || e.key === "ArrowUp") go(i + 1);
    else if (e.key === "ArrowLeft" || e.key === "ArrowDown") go(i - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(model.get("max"));
    else return;
    e.preventDefault();
    e.stopPropagation();  // JupyterLab's own shortcuts (Space scrolls, arrows move cells) stay out
  });
  const names = ["value", "max", "playing", "captions", "word", "label"];
  names.push("said", "said_caption", "instructions");
  names.forEach((n) => model.on("change:" + n, update));
  update();
  const unwatch = watchControls(el, model.get("control_names"));
  return () => { names.forEach((n) => model.off("change:" + n, update)); unwatch(); };
}
export default { render };
"""
)

_NEEDS_ESM = (
    _WATCH_JS
    + """
function render({ model, el }) {
  const note = document.createElement("span");
  note.className = "mlfront-needs";
  note.setAttribute("role", "note");
  note.textContent = "\\u26a0 " + model.get("text");
  el.appendChild(note);
  const answer = (msg) => {
    if (msg && msg.type === "live") { note.remove(); el.dataset.live = "1"; }
  };
  model.on("msg:custom", answer);
  try { model.send({ type: "ping" }); } catch (e) { /* no kernel side: the note stays */ }
  const unwatch = watchControls(el, model.get("control_names"));
  return () => { model.off("msg:custom", answer); unwatch(); };
}
export default { render };
"""
)


def control_names() -> dict[str, str]:
    """The accessible names ``NAME_CONTROLS_JS`` gives the stock controls, in the reader's language."""
    return {
        "slider": _("slider"),
        "play": _("play or pause"),
        "stop": _("stop"),
        "repeat": _("repeat"),
        "control": _("player control"),
    }


class StepButton(anywidget.AnyWidget):
    """A step button that moves a linked slider in the browser (no kernel needed).

    ``value``, ``max`` and ``playing`` are meant to be ``jslink``-ed to the slider and the Play
    widget; a click stops playing and moves ``delta`` steps, clamped to ``0..max``.
    """

    _esm = traitlets.Unicode(_STEP_ESM).tag(sync=True)
    _css = traitlets.Unicode(_CSS).tag(sync=True)
    key = traitlets.Unicode("forward").tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    delta = traitlets.Int(1).tag(sync=True)
    value = traitlets.Int(0).tag(sync=True)
    max = traitlets.Int(0).tag(sync=True)
    playing = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._handlers: list = []

    def on_click(self, callback) -> None:
        """Call ``callback(button)`` on ``click()`` from Python (as ``ipywidgets.Button`` does).

        A click in the browser moves the linked slider there, with or without a kernel.
        """
        self._handlers.append(callback)

    def click(self) -> None:
        """Press the button from Python: run the ``on_click`` callbacks."""
        for callback in self._handlers:
            callback(self)

    def __repr__(self) -> str:
        return f"StepButton({self.key!r})"


class PlayerKeys(anywidget.AnyWidget):
    """The keyboard stop of a frame player, with the current step in words (a live region)."""

    _esm = traitlets.Unicode(_KEYS_ESM).tag(sync=True)
    _css = traitlets.Unicode(_CSS).tag(sync=True)
    value = traitlets.Int(0).tag(sync=True)
    max = traitlets.Int(0).tag(sync=True)
    playing = traitlets.Bool(False).tag(sync=True)
    word = traitlets.Unicode().tag(sync=True)
    label = traitlets.Unicode().tag(sync=True)
    captions = traitlets.List(traitlets.Unicode()).tag(sync=True)
    # What the browser says and shows, in the reader's language (translated here, filled there).
    said = traitlets.Unicode().tag(sync=True)
    said_caption = traitlets.Unicode().tag(sync=True)
    instructions = traitlets.Unicode().tag(sync=True)
    hint = traitlets.Unicode().tag(sync=True)
    roledescription = traitlets.Unicode().tag(sync=True)
    control_names = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs):
        words = {
            "word": _("step"),
            "label": _("player"),
            "said": _("{word} {step} of {last}"),
            "said_caption": _("{word} {step} of {last}: {caption}"),
            "instructions": _(
                "{label}. Space: play or pause; left and right arrows: step; "
                "Home and End: first and last step"
            ),
            "hint": _("keys: Space play/pause, \u2190 \u2192 step, Home/End first/last"),
            "roledescription": _("frame player"),
            "control_names": control_names(),
        }
        super().__init__(**{**words, **kwargs})

    def words(self) -> str:
        """What the live region says for the current step (the browser writes the same).

        >>> PlayerKeys(value=4, max=9, word="placed", captions=[""] * 4 + ["4 goes down"] + [""] * 5).words()
        'placed 4 of 9: 4 goes down'
        """
        caption = self.captions[self.value] if self.value < len(self.captions) else ""
        template = self.said_caption if caption else self.said
        return template.format(word=self.word, step=self.value, last=self.max, caption=caption)

    def __repr__(self) -> str:
        return f"PlayerKeys({self.label!r})"


class NeedsPython(anywidget.AnyWidget):
    """A note on a control that needs the kernel; it disappears once the kernel side answers.

    >>> NeedsPython("needs Python: run the cell to change the order")
    NeedsPython('needs Python: run the cell to change the order')
    """

    _esm = traitlets.Unicode(_NEEDS_ESM).tag(sync=True)
    _css = traitlets.Unicode(_CSS).tag(sync=True)
    text = traitlets.Unicode().tag(sync=True)
    control_names = traitlets.Dict().tag(sync=True)

    def __init__(self, text: str | None = None, **kwargs):
        text = as_text(text, name="text") or _("needs Python: run the cell")
        super().__init__(text=text, control_names=control_names(), **kwargs)
        self.on_msg(self._answer)

    def _answer(self, _widget, content, _buffers) -> None:
        """The browser asks whether Python is behind this widget: say yes."""
        if isinstance(content, dict) and content.get("type") == "ping":
            self.send({"type": "live"})

    def __repr__(self) -> str:
        return f"NeedsPython({self.text!r})"
