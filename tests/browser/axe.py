"""axe-core in the browser tests: the accessibility rules run on a page, no network.

axe-core comes from the npm registry (``tests/browser/package.json``, installed by ``make axe``,
which ``make test`` runs); it is injected into the page from that file. Without it the check
skips, except under CI, where it fails.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def axe_violations(page: Any, context: str = "body") -> list[dict[str, Any]]:
    """The serious and critical violations axe-core finds in ``context`` (a CSS selector)."""
    if not AXE.exists():
        if os.environ.get("CI"):
            pytest.fail("axe-core must be installed in CI: run make axe")
        pytest.skip("axe-core is not installed: run make axe")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "async (sel) => { const r = await axe.run(sel, {resultTypes: ['violations']});"
        " return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + n.failureSummary)"
        "})); }", context)
    return [v for v in result if v["impact"] in SERIOUS]


def assert_accessible(page: Any, context: str = "body") -> None:
    """Fail with axe-core's findings if it reports a serious or critical violation."""
    found = axe_violations(page, context)
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)
