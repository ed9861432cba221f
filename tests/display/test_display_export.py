"""The committed pictures in images/ are what the code draws, in any process."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from tutor.display.export import export_images, hand_sheet_svg, main, tile_set_svg

ROOT = Path(__file__).resolve().parents[2]
IMAGES = ROOT / "images"


def test_committed_images_are_up_to_date() -> None:
    assert (IMAGES / "tiles.svg").read_text(encoding="utf-8") == tile_set_svg() + "\n", (
        "images/tiles.svg is stale: run python -m tutor.display.export images")
    assert (IMAGES / "hand.svg").read_text(encoding="utf-8") == hand_sheet_svg() + "\n", (
        "images/hand.svg is stale: run python -m tutor.display.export images")


def test_tile_set_has_34_kinds_in_four_labelled_rows() -> None:
    root = ET.fromstring(tile_set_svg())
    rows = [e for e in root.iter() if "suit" in (e.get("class") or "").split()]
    assert len(rows) == 4
    kinds = [[g.get("data-tile") for g in row.iter()
              if "tile" in (g.get("class") or "").split()] for row in rows]
    assert [len(k) for k in kinds] == [9, 9, 9, 7]
    assert [k[0] for k in kinds] == ["1m", "1p", "1s", "1z"]
    labels = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert {"Characters", "Dots", "Bamboo", "Honors", "East", "Red"} <= set(labels)


def test_export_writes_both_files(tmp_path: Path, capsys: object) -> None:
    written = export_images(tmp_path / "out")
    assert [p.name for p in written] == ["tiles.svg", "hand.svg"]
    assert main([str(tmp_path / "again")]) == 0
    for name in ("tiles.svg", "hand.svg"):
        assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "again" / name).read_bytes()


def test_module_entry_point_is_deterministic_across_hash_seeds(tmp_path: Path) -> None:
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        subprocess.run([sys.executable, "-m", "tutor.display.export", str(tmp_path / seed)],
                       check=True, env=env, cwd=ROOT, capture_output=True)
    for name in ("tiles.svg", "hand.svg"):
        one = (tmp_path / "1" / name).read_bytes()
        assert one == (tmp_path / "2" / name).read_bytes()
        assert one == (IMAGES / name).read_bytes()
