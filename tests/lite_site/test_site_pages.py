"""The site's start page and file list, on a course made here: the Chinese course is served at
any depth when ``notebooks/zh`` exists, each course gets its section, and an app's address runs
its cells in the REPL page from the app's own folder (no build, no browser)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
from site_pages import (
    app_link,
    course_app,
    site_files,
    site_kernel,
    site_notebook,
    start_page,
    style_app_pages,
)


def _notebook(path: Path, *cells: tuple[str, str]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": [{"cell_type": kind, "source": source, "metadata": {}}
                                          for kind, source in cells]}), "utf-8")
    return path


def _course(root: Path, chinese: bool) -> list[tuple[str, Path]]:
    notebooks = root / "notebooks"
    course = [("00_start_here.ipynb", _notebook(notebooks / "00_start_here.ipynb",
                                                ("markdown", "# 0. Start here\n\ntext"))),
              ("apps/practice.ipynb", _notebook(notebooks / "apps" / "practice.ipynb",
                                                ("markdown", "# Practice"),
                                                ("code", "print('app')")))]
    if chinese:
        _notebook(notebooks / "zh" / "00_start_here.ipynb", ("markdown", "# 0. 从这里开始"))
        _notebook(notebooks / "zh" / "apps" / "hand_builder.ipynb", ("code", "x = 1"))
        (notebooks / "zh" / "rules").mkdir()
        (notebooks / "zh" / "rules" / "huangyan.md").write_text("# 黄岩麻将规则\n", "utf-8")
        (notebooks / "zh" / ".ipynb_checkpoints").mkdir()
        _notebook(notebooks / "zh" / ".ipynb_checkpoints" / "x.ipynb")
    return site_files(notebooks, course)


def test_the_chinese_course_is_served_at_any_depth(tmp_path: Path) -> None:
    assert [name for name, _ in _course(tmp_path / "a", chinese=False)] == [
        "00_start_here.ipynb", "apps/practice.ipynb"]
    assert [name for name, _ in _course(tmp_path / "b", chinese=True)] == [
        "00_start_here.ipynb", "apps/practice.ipynb", "zh/00_start_here.ipynb",
        "zh/apps/hand_builder.ipynb", "zh/rules/huangyan.md"]


def test_the_start_page_has_a_section_per_course(tmp_path: Path) -> None:
    english = start_page(_course(tmp_path / "a", chinese=False))
    assert '<section lang="en"' in english and "zh-Hans\" aria" not in english
    both = start_page(_course(tmp_path / "b", chinese=True))
    english_part, chinese_part = both.split('<section lang="zh-Hans"')
    assert "0. Start here" in english_part and "Practice" in english_part
    assert "从这里开始" not in english_part
    assert "0. 从这里开始" in chinese_part and "黄岩麻将规则" in chinese_part
    assert "配牌器" in chinese_part  # an app with no heading, named in Chinese
    # the Chinese course opens in its own JupyterLab and REPL (lab/zh/, repl/zh/)
    assert 'href="lab/zh/index.html?path=zh%2F00_start_here.ipynb"' in chinese_part
    assert 'href="repl/zh/index.html?kernel=python' in chinese_part
    assert 'href="lab/index.html?path=00_start_here.ipynb"' in english_part
    assert "/zh/index.html" not in english_part
    assert 'id="jupyter-config-data"' in both  # JupyterLab's pages below read it


def test_an_apps_address_runs_its_cells_from_its_folder(tmp_path: Path) -> None:
    (name, path), = [(n, p) for n, p in _course(tmp_path, chinese=False) if "apps/" in n]
    query = parse_qs(urlsplit(app_link(name, path)).query)
    assert urlsplit(app_link(name, path)).path == "repl/index.html"
    assert query["hideCodeInput"] == ["1"] and query["kernel"] == ["python"]
    assert query["code"] == ["import os\nos.chdir('/drive/apps')",
                             "from IPython.display import Markdown\nMarkdown('# Practice')",
                             "print('app')"]


_PAGE = """<link rel="manifest" href="../manifest.webmanifest">
<link id="jupyter-lite-main" rel="preload" href="../build/lab/bundle.js?_=1" main="index">
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root="..">{}</script>
<script>await import('../config-utils.js?_=1');</script>"""


def test_a_courses_own_app_is_one_folder_down_in_its_language() -> None:
    kernel: dict[str, Any] = {
        "disablePyPIFallback": True, "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "loadPyodideOptions": {"packages": ["mahjong-tutor"], "env": {"A": "1"}}}
    page, config = course_app(_PAGE, {"jupyter-config-data": {
        "appUrl": "/lab", "settingsUrl": "../build/schemas", "themesUrl": "./build/themes"}},
        kernel, "zh", "Mahjong Tutor")
    assert page == _PAGE.replace("../", "../../").replace('root=".."', 'root="../.."')
    data = config["jupyter-config-data"]
    assert data["settingsUrl"] == "../../build/schemas" and data["themesUrl"] == "./build/themes"
    assert data["settingsOverrides"] == {
        "@jupyterlab/translation-extension:plugin": {"locale": "zh_CN"}}
    assert data["settingsStorageName"] != data["workspacesStorageName"]
    # the kernel's other settings (addresses relative to the site) come from the site's own
    assert data["litePluginSettings"] == {"@jupyterlite/pyodide-kernel-extension:kernel": {
        "loadPyodideOptions": {"packages": ["mahjong-tutor"],
                               "env": {"A": "1", "TUTOR_LANG": "zh"}}}}
    assert kernel["loadPyodideOptions"]["env"] == {"A": "1"}  # unchanged


def _app_page(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('<html><head>\n    <script id="jupyter-config-data" type="application/json">'
                    '{}</script>\n</head><body></body></html>', "utf-8")
    return path


def test_the_pages_that_start_a_kernel_start_its_worker_early(tmp_path: Path) -> None:
    """Each JupyterLab and REPL page (not the ones that only redirect) starts the early worker
    from its own depth; JupyterLab only for a notebook, the REPL always; the early worker loads
    the snapshot's loader and the kernel's own worker script."""
    from site_prestart import MARK, add_prestart

    site = tmp_path / "site"
    pages = [_app_page(site / p / "index.html") for p in ("lab", "lab/zh", "repl", "repl/zh")]
    redirect = site / "lab" / "tree" / "index.html"
    redirect.parent.mkdir()
    redirect.write_text("<html><script>location.href = '../index.html'</script></html>", "utf-8")
    (site / "static" / "pyodide").mkdir(parents=True)
    (site / "static" / "pyodide" / "snapshot.mjs").write_text("export {}", "utf-8")
    worker = (site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
              / "comlink.worker.0123abcd.js")
    worker.parent.mkdir(parents=True)
    worker.write_text("", "utf-8")

    assert add_prestart(site) == sorted(pages)
    lab, lab_zh, repl, _ = (p.read_text("utf-8") for p in pages)
    assert MARK not in redirect.read_text("utf-8")
    assert '"../static/pyodide/prestart.mjs"' in lab and "(false ||" in lab
    assert '"../../static/pyodide/prestart.mjs"' in lab_zh
    assert "(true ||" in repl
    assert lab.index(MARK) < lab.index('<script id="jupyter-config-data"')
    module = (site / "static" / "pyodide" / "prestart.mjs").read_text("utf-8")
    assert 'from "./snapshot.mjs"' in module
    assert ('import "../../extensions/@jupyterlite/pyodide-kernel-extension/static/'
            'comlink.worker.0123abcd.js"') in module
    with pytest.raises(SystemExit, match="already"):
        add_prestart(site)
    worker.unlink()
    with pytest.raises(SystemExit, match="worker script"):
        add_prestart(site)


def test_the_scripts_cache_is_named_after_every_script_and_read_by_the_sites_worker(
        tmp_path: Path) -> None:
    """``add_precache`` writes its worker, patches the site's service worker and puts its script
    in each JupyterLab and REPL page (from its own depth; not in one that only redirects), all
    with one cache name, which changes with any script of the site; a service worker without
    the code it patches stops the build."""
    import shutil

    from site_precache import MARK, WORKER_NAME, add_precache

    site = tmp_path / "site"
    pages = [_app_page(site / p / "index.html") for p in ("lab", "lab/zh", "repl", "repl/zh")]
    redirect = site / "lab" / "tree" / "index.html"
    redirect.parent.mkdir()
    redirect.write_text("<html><script>location.href = '../index.html'</script></html>", "utf-8")
    worker = site / "service-worker.js"
    worker.write_text('"use strict";const CACHE="precache";async function onFetch(e){let{request:'
                      't}=e,a=new URL(e.request.url);let n=null;shouldBroadcast(a)?n=1:0}',
                      "utf-8")
    (site / "build").mkdir()
    (site / "build" / "main.js").write_text("let a = 1;", "utf-8")
    copy = tmp_path / "copy"
    shutil.copytree(site, copy)

    assert add_precache(site) == sorted(pages)
    lab, lab_zh, repl, _ = (p.read_text("utf-8") for p in pages)
    assert MARK not in redirect.read_text("utf-8")
    assert lab.index(MARK) < lab.index('<script id="jupyter-config-data"')
    assert 'new URL("../", location.href)' in lab and 'new URL("../../", location.href)' in lab_zh
    patched = worker.read_text("utf-8")
    name = patched.split('caches.open("', 1)[1].split('"', 1)[0]
    assert name.startswith("tutor-scripts-") and len(name) == len("tutor-scripts-") + 16
    assert f'"{name}"' in lab and f'"{name}"' in repl
    assert f'const NAME = "{name}";' in (site / WORKER_NAME).read_text("utf-8")
    assert "tutorScripts.urls.has(t.url)" in patched and "shouldBroadcast(a)?" in patched
    with pytest.raises(SystemExit, match="already"):
        add_precache(site)

    (copy / "build" / "main.js").write_text("let a = 2;", "utf-8")
    add_precache(copy)
    other = (copy / "service-worker.js").read_text("utf-8")
    assert "tutor-scripts-" in other and name not in other

    worker.write_text('"use strict";let n=null;', "utf-8")
    (site / WORKER_NAME).unlink()
    for page in pages:
        page.write_text(page.read_text("utf-8").replace(MARK, ""), "utf-8")
    with pytest.raises(SystemExit, match="front end changed"):
        add_precache(site)


def test_the_address_fallback_is_in_every_jupyterlab_page_and_can_reach_the_app(
        tmp_path: Path) -> None:
    """``keep_address`` puts its script in each JupyterLab page (not in one that only
    redirects) and has the site's settings expose JupyterLab's application, which the script
    reads (``window.jupyterapp``: JupyterLab sets it only then, and the site's tests used to set
    it themselves, so the shipped site's script waited for ever unnoticed)."""
    from site_patches import ADDRESS_FALLBACK_MARK, keep_address

    site = tmp_path / "site"
    pages = [_app_page(site / p / "index.html") for p in ("lab", "lab/zh")]
    redirect = site / "lab" / "tree" / "index.html"
    redirect.parent.mkdir()
    redirect.write_text("<html><script>location.href = '../index.html'</script></html>", "utf-8")
    (site / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {
        "appName": "Mahjong Tutor"}}), "utf-8")

    assert keep_address(site) == sorted(pages)
    assert all(ADDRESS_FALLBACK_MARK in p.read_text("utf-8") for p in pages)
    assert ADDRESS_FALLBACK_MARK not in redirect.read_text("utf-8")
    assert "window.jupyterapp" in pages[0].read_text("utf-8")
    data = json.loads((site / "jupyter-lite.json").read_text("utf-8"))["jupyter-config-data"]
    assert data == {"appName": "Mahjong Tutor", "exposeAppInBrowser": "true"}


def test_the_apps_style_is_in_every_repl_page_and_no_jupyterlab_page(tmp_path: Path) -> None:
    """``style_app_pages`` puts the apps' style (no code prompt, no execution counts) in each
    REPL page, once, and leaves JupyterLab's pages as they were."""
    from site_pages import APP_PAGE_MARK

    site = tmp_path / "site"
    repls = [_app_page(site / p / "index.html") for p in ("repl", "repl/zh")]
    lab = _app_page(site / "lab" / "index.html")
    assert style_app_pages(site) == sorted(repls)
    assert style_app_pages(site) == []  # once
    assert all(p.read_text("utf-8").count(APP_PAGE_MARK) == 1 for p in repls)
    assert ".jp-CodeConsole-input" in repls[0].read_text("utf-8")
    assert APP_PAGE_MARK not in lab.read_text("utf-8")


# the kernel's front end as the pinned jupyterlite-pyodide-kernel writes it (two pieces of it)
_FRONT_END = ('t.register({spec:{name:"python",display_name:"Python (Pyodide)",language:"python",'
              'argv:[]},create:async e=>{}); async kernelInfoRequest(){return{implementation:'
              '"pyodide",language_info:{codemirror_mode:{name:"python",version:3},'
              'file_extension:".py",mimetype:"text/x-python",name:"python",nbconvert_exporter:'
              '"python",pygments_lexer:"ipython3",version:"3.8"},protocol_version:"5.3"}}')


def test_the_sites_notebooks_name_the_sites_kernel_and_keep_all_else() -> None:
    """A served notebook's metadata holds the kernel spec and language_info the site's kernel
    will write into it (so opening it changes nothing), its code cells are marked trusted (so
    their stored pictures are drawn), each output's text is one string (JupyterLite does not
    join a list of lines: it showed commas between them), and nothing else of it changes."""
    kernel = site_kernel(_FRONT_END)
    assert kernel == {
        "kernelspec": {"name": "python", "display_name": "Python (Pyodide)",
                       "language": "python"},
        "language_info": {"codemirror_mode": {"name": "python", "version": 3},
                          "file_extension": ".py", "mimetype": "text/x-python", "name": "python",
                          "nbconvert_exporter": "python", "pygments_lexer": "ipython3",
                          "version": "3.8"}}
    source = ROOT / "notebooks" / "zh" / "02_tiles_hands_waits.ipynb"
    before = json.loads(source.read_text("utf-8"))
    after = json.loads(site_notebook(source.read_text("utf-8"), kernel))
    assert after["metadata"]["kernelspec"] == kernel["kernelspec"]
    assert after["metadata"]["language_info"] == kernel["language_info"]
    assert before["metadata"]["kernelspec"]["name"] == "python3"  # what Jupyter wrote
    code = [i for i, cell in enumerate(before["cells"]) if cell["cell_type"] == "code"]
    assert code and not any("trusted" in before["cells"][i]["metadata"] for i in code)
    assert all(after["cells"][i]["metadata"]["trusted"] is True for i in code)
    for notebook in (before, after):
        del notebook["metadata"]["kernelspec"], notebook["metadata"]["language_info"]
    outputs = [(o, p) for i in code for o, p in zip(before["cells"][i]["outputs"],
                                                     after["cells"][i]["outputs"], strict=True)]
    lines = [(o, p) for o, p in outputs if isinstance(o.get("data", {}).get("text/plain"), list)]
    assert lines and all(p["data"]["text/plain"] == "".join(o["data"]["text/plain"])
                         for o, p in lines)
    assert all(isinstance(p.get("text", ""), str) and isinstance(v, str | dict)
               for _, p in outputs for v in p.get("data", {}).values())
    for i in code:
        del after["cells"][i]["metadata"]["trusted"]
        for output in before["cells"][i]["outputs"]:  # as the site serves it
            for mime, value in output.get("data", {}).items():
                if isinstance(value, list):
                    output["data"][mime] = "".join(value)
            if isinstance(output.get("text"), list):
                output["text"] = "".join(output["text"])
    assert after == before
    with pytest.raises(ValueError, match="no kernel spec"):
        site_kernel(_FRONT_END.replace("language_info", "info"))
