"""The JupyterLite site's own pages: which course files it serves, and its start page.

The start page offers each course the project has: English (``notebooks/``) and, when
``notebooks/zh/`` exists, Chinese: the lessons (opened in JupyterLab), the apps and the rule books.
An app opens *as an app*: JupyterLite's REPL page runs its cells as soon as its kernel is ready,
with their code hidden, so the widget appears without Run All and with no server (the static
counterpart of Voila, as Voici is; Voici itself needs an older JupyterLite than the site's).

A course in another language than English opens in JupyterLab and the REPL of its own, one folder
below theirs (``lab/zh/``, ``repl/zh/``: :func:`course_app`): the same pages, with JupyterLab's
interface in the course's language (the language pack's translations, which the build puts in
``api/translations/``), a kernel that speaks it (``TUTOR_LANG``), and settings and workspace kept
apart, so that a language, theme or layout chosen in one course leaves the other as it was.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

PATTERNS = ("*.ipynb", "*.md", "*.json")  # what a course folder holds (tutor.lab.COURSE_FILES)
# The REPL's page options: the kernel chosen, no banner, no toolbar, inputs hidden once run.
APP_OPTIONS = [("kernel", "python"), ("showBanner", "0"), ("hideCodeInput", "1"),
               ("promptCellPosition", "bottom")]
DRIVE = "/drive"  # where the kernel finds the site's files
# A course's JupyterLab locale (a language pack's name) and the tutor's TUTOR_LANG.
LOCALES: dict[str, tuple[str, str]] = {"zh": ("zh_CN", "zh")}
TRANSLATION = "@jupyterlab/translation-extension:plugin"  # where JupyterLab keeps its locale
KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"
# Each course's words, in its own language (the page is built once, for both).
COURSES: dict[str, dict[str, str]] = {
    "en": {"lang": "en", "title": "The course in English", "lessons": "Lessons",
           "apps": "Apps", "open_app": "open", "as_notebook": "as a notebook",
           "rules": "Rule books and glossary"},
    "zh": {"lang": "zh-Hans", "title": "中文课程", "lessons": "课程",
           "apps": "小程序", "open_app": "打开", "as_notebook": "笔记本",
           "rules": "规则书和术语表"},
}
# What a file with no heading is called in each course (else its file name in words).
NAMES: dict[str, dict[str, str]] = {
    "en": {},
    "zh": {"guiyang_settlement": "贵阳结算", "hand_builder": "配牌器",
           "hangzhou_tally": "杭州记账", "huangyan_settlement": "黄岩结算",
           "play_a_hand": "打一盘", "practice": "练习", "replay": "回放",
           "glossary": "术语表", "guiyang": "贵阳捉鸡麻将", "hangzhou": "杭州麻将",
           "huangyan": "黄岩麻将"},
}
PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mahjong Tutor</title>
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<style>
body {{ font-family: sans-serif; font-size: 18px; line-height: 1.5; max-width: 62em;
       margin: 1.5em auto; padding: 0 1em; color: #1a1a1a; }}
a {{ color: #0b4f9c; }}
a:focus-visible {{ outline: 3px solid #0b4f9c; outline-offset: 2px; }}
.courses {{ display: flex; flex-wrap: wrap; gap: 0 3em; }}
.courses section {{ flex: 1 1 24em; }}
</style></head>
<body>
<h1>Mahjong Tutor <span lang="zh-Hans">麻将教练</span></h1>
<p>Everything here runs in this browser: no installation, nothing sent anywhere.
<span lang="zh-Hans">一切都在这个浏览器里运行：不用安装，不向任何地方发送数据。</span></p>
<div class="courses">
{courses}
</div>
</body></html>
"""


def site_files(notebooks: Path, course: Iterable[tuple[str, Path]]) -> list[tuple[str, Path]]:
    """The course files the site serves: ``course`` (the package's course, as ``tutor lab``
    copies it) and every file of the Chinese course in ``notebooks/zh`` at any depth."""
    found = dict(course)
    chinese = notebooks / "zh"
    if chinese.is_dir():
        for pattern in PATTERNS:
            for path in chinese.rglob(pattern):
                relative = path.relative_to(notebooks)
                if path.is_file() and not any(p.startswith((".", "_")) for p in relative.parts):
                    found.setdefault(relative.as_posix(), path)
    return sorted(found.items())


#: The Pyodide kernel's name and its language as it reports them, in its front end's code:
#: ``spec:{name:"python",display_name:"Python (Pyodide)",language:"python"`` and
#: ``language_info:{codemirror_mode:{...},...,version:"3.8"}`` (an object literal, not JSON).
_SPEC = re.compile(r'spec:\{name:"([^"]+)",display_name:"([^"]+)",language:"([^"]+)"')
_LANGUAGE_INFO = re.compile(r"language_info:(\{(?:[^{}]|\{[^{}]*\})*\})")


def site_kernel(code: str) -> dict[str, Any]:
    """The metadata a notebook gets from the site's kernel when it starts (``kernelspec`` and
    ``language_info``), read from the kernel's front-end ``code``: a notebook that already holds
    them is not changed by the start (else JupyterLab marks it as having unsaved changes the
    moment it opens). Raises ``ValueError`` when the code lacks either."""
    spec, info = _SPEC.search(code), _LANGUAGE_INFO.search(code)
    if spec is None or info is None:
        raise ValueError("the kernel's front end names no kernel spec or language_info")
    quoted = re.sub(r"([{,])([A-Za-z_]\w*):", r'\1"\2":', info.group(1))
    return {"kernelspec": dict(zip(("name", "display_name", "language"), spec.groups(),
                                   strict=True)),
            "language_info": json.loads(quoted)}


def with_script(page: str, script: str) -> str | None:
    """A JupyterLab or REPL page's HTML with ``script`` put before its configuration (so it runs
    before JupyterLab's own scripts); None for a page without one (one that only redirects)."""
    anchor = page.find('<script id="jupyter-config-data"')
    if anchor < 0:
        return None
    return page[:anchor] + script.lstrip() + "    " + page[anchor:]


#: An app's page shows the app alone, as Voila does: the REPL's code prompt (an empty code editor
#: under the app that took the keyboard focus and kept it: Tab indented the empty code instead of
#: reaching the app), the execution counts left of each output and the notifications' bell (out
#: of sight behind the console, yet the first stop of Tab) are hidden, and the outputs take the
#: whole page.
APP_PAGE_MARK = "<!-- an app's page: tools/site_pages.py -->"
APP_PAGE_STYLE = APP_PAGE_MARK + """
    <style>
      .jp-CodeConsole-input, .jp-CodeConsole .lm-SplitPanel-handle,
      .jp-CodeConsole-content .jp-OutputPrompt,
      .jp-Notification-Status { display: none !important; }
      .jp-CodeConsole .jp-CodeConsole-content { height: 100% !important; }
    </style>
"""


def style_app_pages(site: Path) -> list[Path]:
    """Put :data:`APP_PAGE_STYLE` in each REPL page of ``site`` (the apps' pages, every
    course); returns the pages changed."""
    if not (site / "repl" / "index.html").exists():
        raise SystemExit("the apps' style found no REPL page (the front end changed?)")
    changed = []
    for page in sorted((site / "repl").rglob("index.html")):
        text = page.read_text("utf-8")
        new = None if APP_PAGE_MARK in text else with_script(text, APP_PAGE_STYLE)
        if new is not None:
            page.write_text(new, "utf-8")
            changed.append(page)
    return changed


def site_notebook(text: str, kernel: dict[str, Any]) -> str:
    """A notebook's text as the site serves it: its metadata's ``kernelspec`` and
    ``language_info`` those of the site's kernel (:func:`site_kernel`), and each code cell
    marked trusted, all else as it was.

    Trusted, as ``tutor lab`` signs the course it copies: JupyterLab draws an untrusted cell's
    stored SVG pictures as their text only ("Picture: ..."), and JupyterLite, having no server
    to check a notebook's signature, trusts a cell only when its metadata says so. These are
    the course's own notebooks; a notebook the learner adds to the site is not marked.

    And each output's text is one string, not a list of lines: a notebook file may keep either
    (nbformat writes lists), and a Jupyter server joins them before JupyterLab sees them, but
    JupyterLite hands JupyterLab the file as it is, which joins a list with commas: a
    placeholder's lines showed as ",(Run the notebook...)"."""
    notebook = json.loads(text)
    notebook.setdefault("metadata", {}).update(kernel)
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            cell.setdefault("metadata", {})["trusted"] = True
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                for mime, value in data.items():
                    if _is_lines(value) and not mime.endswith("json"):
                        data[mime] = "".join(value)
                if _is_lines(output.get("text")):
                    output["text"] = "".join(output["text"])
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def _is_lines(value: object) -> bool:
    """A multiline string as a notebook file may keep it: a list of strings."""
    return isinstance(value, list) and all(isinstance(line, str) for line in value)


def title(path: Path, names: dict[str, str] | None = None) -> str:
    """A notebook's or page's first line when it is a heading, else its name in ``names``, else
    its file name in words."""
    text = ""
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text("utf-8"))["cells"]
        text = next(("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"), "")
    elif path.suffix == ".md":
        text = path.read_text("utf-8")
    first = text.strip().splitlines()[:1]
    if first and first[0].startswith("# "):
        return first[0][2:].strip()
    return (names or {}).get(path.stem) or path.stem.replace("_", " ").strip().capitalize()


def app_cells(path: Path) -> Iterator[str]:
    """An app notebook's cells as code: the markdown shown through IPython's display."""
    for cell in json.loads(path.read_text("utf-8"))["cells"]:
        source = "".join(cell["source"]).strip()
        if cell["cell_type"] == "code" and source:
            yield source
        elif cell["cell_type"] == "markdown" and source:
            yield f"from IPython.display import Markdown\nMarkdown({source!r})"


def _app(app: str, relative: str) -> str:
    """The app's page for a course file: the course's own app below it for a course with a
    locale (``zh/...`` opens in ``lab/zh/``), else the app itself."""
    key = relative.partition("/")[0]
    return f"{app}/{key}/index.html?" if key in LOCALES else f"{app}/index.html?"


def app_link(relative: str, path: Path) -> str:
    """The address that opens an app notebook as an app (relative to the site's root)."""
    folder = f"{DRIVE}/{relative.rpartition('/')[0]}".rstrip("/")
    code = [f"import os\nos.chdir({folder!r})", *app_cells(path)]
    return _app("repl", relative) + urlencode(APP_OPTIONS + [("code", c) for c in code],
                                              quote_via=quote)


def lab_link(relative: str) -> str:
    return _app("lab", relative) + urlencode([("path", relative)], quote_via=quote)


def course_app(page: str, config: dict[str, Any], kernel: dict[str, Any], key: str,
               name: str) -> tuple[str, dict[str, Any]]:
    """The page and ``jupyter-lite.json`` of the app of course ``key`` one folder below the app
    whose ``page`` (its ``index.html``) and ``config`` (its ``jupyter-lite.json``) are given.

    ``kernel`` is the site's kernel settings (the site's ``jupyter-lite.json``); ``name`` names
    the course app's storage (JupyterLite's default is one per site address, shared by its
    apps). The page's own relative addresses go one folder further up; the config cascade still
    reads the app's and the site's settings above it, this adds the locale, the storage and the
    kernel's ``TUTOR_LANG``.
    """
    locale, lang = LOCALES[key]
    root = 'data-jupyter-lite-root=".."'
    if page.count(root) != 1 or not page.count('"../'):
        raise ValueError("the app's page does not look like JupyterLite's (a root and ../ links)")
    page = page.replace('"../', '"../../').replace("'../", "'../../")
    page = page.replace(root, 'data-jupyter-lite-root="../.."')
    data = {k: "../" + v if isinstance(v, str) and v.startswith("../") else v
            for k, v in config.get("jupyter-config-data", {}).items()}
    options = kernel.get("loadPyodideOptions", {})
    data.update({
        "settingsOverrides": {TRANSLATION: {"locale": locale}},
        "settingsStorageName": f"{name} - settings ({key})",
        "workspacesStorageName": f"{name} - workspaces ({key})",
        "litePluginSettings": {KERNEL: {"loadPyodideOptions": {
            **options, "env": {**options.get("env", {}), "TUTOR_LANG": lang}}}}})
    return page, {"jupyter-lite-schema-version": 0, "jupyter-config-data": data}


def _course(key: str, files: list[tuple[str, Path]]) -> str:
    words = COURSES[key]
    prefix = "" if key == "en" else f"{key}/"

    def mine(relative: str) -> bool:
        rest = relative.removeprefix(prefix)
        return relative.startswith(prefix) and not rest.startswith("zh/")

    lessons = [(r, p) for r, p in files if mine(r) and "/" not in r.removeprefix(prefix)
               and r.endswith(".ipynb")]
    apps = [(r, p) for r, p in files if mine(r) and r.removeprefix(prefix).startswith("apps/")
            and r.endswith(".ipynb")]
    rules = [(r, p) for r, p in files if mine(r) and r.endswith(".md")]
    e, names = html.escape, NAMES[key]
    parts = [f'<section lang="{words["lang"]}" aria-labelledby="course-{key}">',
             f'<h2 id="course-{key}">{e(words["title"])}</h2>',
             f"<h3>{e(words['lessons'])}</h3>", "<ul>"]
    parts += [f'<li><a href="{e(lab_link(r))}">{e(title(p, names))}</a></li>' for r, p in lessons]
    parts += ["</ul>", f"<h3>{e(words['apps'])}</h3>", "<ul>"]
    parts += [f'<li><a class="app" href="{e(app_link(r, p))}">{e(title(p, names))}</a> '
              f'(<a href="{e(lab_link(r))}">{e(words["as_notebook"])}</a>)</li>'
              for r, p in apps]
    parts += ["</ul>", f"<h3>{e(words['rules'])}</h3>", "<ul>"]
    parts += [f'<li><a href="{e(lab_link(r))}">{e(title(p, names))}</a></li>' for r, p in rules]
    parts += ["</ul>", "</section>"]
    return "\n".join(parts)


def start_page(files: list[tuple[str, Path]]) -> str:
    """The site's index.html: each course there is, English first."""
    keys = ["en"] + [k for k in COURSES if k != "en" and any(r.startswith(f"{k}/")
                                                              for r, _ in files)]
    return PAGE.format(courses="\n".join(_course(k, files) for k in keys))
