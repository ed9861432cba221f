"""The service worker's cache of the pages' scripts, on a service worker and scripts made here
(``tools/site_scripts.py``; no build, no browser): the worker is changed in its two places, the
cache is named by the scripts' contents, and a list that could serve a stale script or misses a
script stops the build."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import site_scripts
from site_scripts import FETCH, INSTALL, add_script_cache

WORKER = ('"use strict";function onInstall(e){self.skipWaiting(),' + INSTALL + '}'
          'async function onFetch(e){let n=null;' + FETCH + ',n&&e.respondWith(n)}')


def _site(tmp_path: Path, scripts: dict[str, str]) -> Path:
    site = tmp_path / "site"
    site.mkdir(parents=True)
    for path, text in scripts.items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_text(text, "utf-8")
    (site / "service-worker.js").write_text(WORKER, "utf-8")
    return site


def _listed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, paths: list[str]) -> None:
    listing = tmp_path / "site-scripts.txt"
    listing.write_text("".join(path + "\n" for path in paths), "utf-8")
    monkeypatch.setattr(site_scripts, "SCRIPTS", listing)


def test_the_worker_keeps_the_listed_scripts_in_a_cache_named_by_their_contents(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = ["build/1459.ff35347.js", "extensions/x/static/84.09c61a35dce1705f.js"]
    _listed(monkeypatch, tmp_path, paths)
    first = add_script_cache(_site(tmp_path / "a", dict.fromkeys(paths, "let a = 1;")))
    again = add_script_cache(_site(tmp_path / "b", dict.fromkeys(paths, "let a = 1;")))
    changed = add_script_cache(_site(tmp_path / "c", {paths[0]: "let a = 1;",
                                                      paths[1]: "let a = 2;"}))
    assert first == again != changed and first.startswith("tutor-scripts-")
    worker = (tmp_path / "a" / "site" / "service-worker.js").read_text("utf-8")
    assert INSTALL not in worker and FETCH not in worker
    assert "e.waitUntil(Promise.all([cacheAll(),tutorPrecache()]))" in worker
    assert "n=tutorScript(a)?tutorFromCache(t):maybeFromCache(e)" in worker
    assert f'TUTOR_SCRIPTS="{first}"' in worker
    assert '["./build/1459.ff35347.js", "./extensions/x/static/84.09c61a35dce1705f.js"]' in worker


def test_a_script_named_without_a_hash_or_missing_stops_the_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _listed(monkeypatch, tmp_path, ["build/lab/bundle.js"])
    with pytest.raises(SystemExit, match="no hash"):
        add_script_cache(_site(tmp_path / "a", {"build/lab/bundle.js": "x"}))
    _listed(monkeypatch, tmp_path, ["build/1459.ff35347.js"])
    with pytest.raises(SystemExit, match="not in the site"):
        add_script_cache(_site(tmp_path / "b", {}))


def test_a_changed_service_worker_stops_the_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _listed(monkeypatch, tmp_path, ["build/1459.ff35347.js"])
    site = _site(tmp_path, {"build/1459.ff35347.js": "x"})
    (site / "service-worker.js").write_text(WORKER.replace(FETCH, "n=fetch(t)"), "utf-8")
    with pytest.raises(SystemExit, match="front end changed"):
        add_script_cache(site)


def test_every_listed_script_is_named_by_its_content() -> None:
    listed = site_scripts.scripts()
    assert len(listed) >= 80
    assert all(site_scripts.HASHED.search(path) for path in listed)
