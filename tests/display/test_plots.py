"""Matplotlib is for static plots only: deterministic SVG, and never loaded by a widget module."""

from __future__ import annotations

import subprocess
import sys

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt

from tutor.display.plots import figure_svg


def _figure() -> object:
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.hist([1, 2, 2, 3, 3, 3], bins=3)
    return fig


def test_svg_is_deterministic_and_inlinable() -> None:
    first, second = figure_svg(_figure()), figure_svg(_figure())  # type: ignore[arg-type]
    assert first == second and first.startswith("<svg")
    assert "<?xml" not in first and "<dc:date>" not in first


def test_widget_modules_do_not_load_matplotlib() -> None:
    """Loading every view (and the diagrams) must not import matplotlib: it is slow to load
    and the payment pictures no longer need it."""
    code = (
        "import importlib, pkgutil, sys\n"
        "import tutor.display.diagrams, tutor.display.plots, tutor.display.widgets as w\n"
        "for m in pkgutil.walk_packages(w.__path__, 'tutor.display.widgets.'):\n"
        "    importlib.import_module(m.name)\n"
        "from tutor.display.widgets.huangyan import SettlementWalkView\n"
        "from tutor.display.widgets.hangzhou import TallyView\n"
        "from tutor.display.widgets.guiyang import SettlementWalkerView\n"
        "SettlementWalkView().next_button.click(); TallyView(); SettlementWalkerView()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'matplotlib'))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]", result.stdout
