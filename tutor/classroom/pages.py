"""The classroom's own small pages (joining, refusals, the teacher's page): plain HTML, large
type for a projector, nothing fetched from elsewhere."""

from __future__ import annotations

import html

from tutor.i18n import N_, language, localize

__all__ = ["app_title", "page"]

_STYLE = """
body { font: 20px/1.5 system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em;
       color: #111; background: #fff; }
h1 { font-size: 1.6em; } table { border-collapse: collapse; }
th, td { border: 1px solid #888; padding: .3em .6em; text-align: left; vertical-align: top; }
a:focus, button:focus, input:focus, select:focus {
  outline: 3px solid #1a5fb4; outline-offset: 2px; }
input, button, select { font: inherit; padding: .2em .5em; }
.code { font: 1.4em monospace; letter-spacing: .1em; }
.figure { font-size: 1.6em; font-weight: bold; }
form p { margin: .4em 0; } label { display: inline-block; min-width: 9em; }
"""


def page(title: str, body: str, *, refresh: int = 0, script: str = "", style: str = "") -> str:
    """A whole page: ``body`` is HTML already escaped by the caller; ``script`` JavaScript run
    at its end; ``style`` CSS of this page, after the pages' own."""
    meta = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    lang = "zh-Hans" if language() == "zh" else "en"
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">{meta}'
            f"<title>{html.escape(title)}</title><style>{_STYLE}{style}</style></head>"
            f"<body><main><h1>{html.escape(title)}</h1>{body}</main>"
            + (f"<script>{script}</script>" if script else "") + "</body></html>")


#: the apps' names as a student reads them
_APP_TITLES = {"guiyang_settlement": N_("Guiyang settlement"),
               "hand_builder": N_("Hand builder"), "hangzhou_tally": N_("Hangzhou tally"),
               "huangyan_settlement": N_("Huangyan settlement"),
               "play_a_hand": N_("Play a hand"), "practice": N_("Practice"),
               "replay": N_("Replay")}


def app_title(name: str) -> str:
    """An app's name for its link (``hand_builder``: Hand builder), in the current language."""
    known = _APP_TITLES.get(name)
    return localize(known) if known else name.replace("_", " ").capitalize()
