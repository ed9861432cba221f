"""The Chinese course in the JupyterLite site: it opens from the start page in a JupyterLab of its
own (``lab/zh/``) whose menus are Chinese while the English course's stay English, its notebooks
run there with their widgets in Chinese, and its apps open as apps in Chinese (``repl/zh/``), with
no request leaving the machine. Every Chinese notebook is in the site (each is also run by
``test_site.py``'s every-notebook test, in the Chinese JupyterLab)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from .conftest import ROOT, Browsing
from .test_site import _EXECUTE, _OUTPUTS, _WIDGET_VIEWS, WIDGET, _problems, run_all_cells

pytestmark = pytest.mark.browser
CHINESE = (ROOT / "notebooks" / "zh").is_dir()
HAN = re.compile("[\u4e00-\u9fff]")  # a Chinese character
MENU_ZH = ["文件", "编辑", "查看", "运行", "内核"]  # File, Edit, View, Run, Kernel
MENU_EN = ["File", "Edit", "View", "Run", "Kernel"]

if not CHINESE:
    pytest.skip("no Chinese course (notebooks/zh)", allow_module_level=True)


def _chinese_notebooks() -> set[str]:
    folder = ROOT / "notebooks"
    return {p.relative_to(folder).as_posix() for p in (folder / "zh").rglob("*.ipynb")
            if not any(part.startswith((".", "_")) for part in p.relative_to(folder).parts)}


def test_every_chinese_notebook_is_in_the_site_and_opens_in_the_chinese_apps(
        site_dir: Path) -> None:
    served = {p.relative_to(site_dir / "files").as_posix()
              for p in (site_dir / "files" / "zh").rglob("*.ipynb")}
    assert _chinese_notebooks() and served == _chinese_notebooks()
    page = (site_dir / "index.html").read_text("utf-8")
    links = re.findall(r'href="([^"]+)"', page.split('<section lang="zh-Hans"')[1])
    lessons = {parse_qs(urlsplit(a.replace("&amp;", "&")).query)["path"][0]: urlsplit(a).path
               for a in links if a.startswith(("lab/", "repl/")) and "path=" in a}
    assert served <= set(lessons)  # each lesson, and each app as a notebook
    assert set(lessons.values()) == {"lab/zh/index.html"}
    apps = [a for a in links if a.startswith("repl/")]
    assert len(apps) == len([n for n in served if "apps/" in n])
    assert all(urlsplit(a).path == "repl/zh/index.html" for a in apps)
    # JupyterLab's Chinese translations are in the site, and the Chinese apps choose them
    translations = json.loads((site_dir / "api" / "translations" / "zh_CN.json").read_text("utf-8"))
    assert translations["data"]["jupyterlab"][""]["language"] == "zh-CN"
    for app in ("lab", "repl"):
        config = json.loads((site_dir / app / "zh" / "jupyter-lite.json").read_text("utf-8"))
        data = config["jupyter-config-data"]
        assert data["settingsOverrides"]["@jupyterlab/translation-extension:plugin"] == {
            "locale": "zh_CN"}
        kernel = data["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
        assert kernel["loadPyodideOptions"]["env"]["TUTOR_LANG"] == "zh"


def test_the_chinese_course_runs_in_chinese_and_the_english_stays_english(browse: Any) -> None:
    """The first Chinese lesson from the start page: JupyterLab's menus in Chinese, Run All with
    no error and its widgets drawn in Chinese, the kernel speaking Chinese; then the English
    course's first lesson in the same browser: its menus in English."""
    def run(browsing: Browsing) -> dict[str, Any]:
        page = browsing.context.new_page()
        page.goto(f"{browsing.url}/", timeout=180_000)
        page.click("section[lang=zh-Hans] a >> nth=0")
        browsing.wait_idle(page)
        found: dict[str, Any] = {"menu": page.inner_text("#jp-MainMenu").split(),
                                 "status": page.inner_text(".jp-StatusBar-Widget >> nth=0")}
        run_all_cells(page)
        found.update(cells=page.evaluate(_OUTPUTS), views=page.evaluate(_WIDGET_VIEWS, WIDGET),
                     tab=page.inner_text("#jp-main-dock-panel .lm-TabBar-tab.jp-mod-current"),
                     kernel=page.evaluate(_EXECUTE, "from tutor.i18n import _, language\n"
                                                    "print(language(), _('Waits'))"))
        english = browsing.context.new_page()
        english.goto(f"{browsing.url}/", timeout=180_000)
        english.click("section[lang=en] a >> nth=0")
        browsing.wait_idle(english)
        found["english_menu"] = english.inner_text("#jp-MainMenu").split()
        found["outside"] = browsing.outside
        return found

    found = browse(run)
    assert found["tab"] == "00_start_here.ipynb"
    assert found["menu"][:5] == MENU_ZH, found["menu"]
    assert "空闲" in found["status"]
    assert not _problems(found["cells"])
    assert found["views"] and all(v["drawn"] for v in found["views"]), found["views"]
    assert any(HAN.search(v["text"]) for v in found["views"]), found["views"]
    assert found["kernel"].split()[0] == "zh" and HAN.search(found["kernel"])
    assert found["english_menu"][:5] == MENU_EN, found["english_menu"]
    assert not found["outside"]


def test_a_chinese_app_opens_as_an_app_in_chinese(browse: Any) -> None:
    """The Chinese hand builder from the start page: its widget appears by itself and speaks
    Chinese, and it answers a click."""
    def open_app(browsing: Browsing) -> tuple[str, str, str, list[str]]:
        page = browsing.context.new_page()
        page.goto(f"{browsing.url}/", timeout=180_000)
        page.click("section[lang=zh-Hans] a.app:text-is('配牌器')")
        page.wait_for_selector(".mt-pick-area .mt-tile[data-tile='9m']", timeout=600_000)
        first = page.inner_text(".tutor-analysis")
        page.click(".mt-pick-area .mt-tile[data-tile='9m']")
        page.wait_for_function("document.querySelector('.tutor-analysis .tutor-waits') &&"
                               " document.querySelector('.tutor-analysis .tutor-waits')"
                               ".innerText.includes('9m')", timeout=120_000)
        return first, page.url, page.inner_text(".tutor-analysis"), browsing.outside

    first, url, after, outside = browse(open_app)
    assert urlsplit(url).path.endswith("/repl/zh/index.html")
    assert "还要加 1 张牌" in first and "add 1 more tile" not in first, first
    assert HAN.search(after) and "waits" not in after.lower(), after
    assert not outside
