"""Make the font the package draws Unicode tile glyphs with: ``tutor/display/fonts/``.

Few computers have a font for Unicode's Mahjong Tiles block (U+1F000 to U+1F02B): without one a
browser draws each glyph as an empty box. Noto Sans Symbols 2 has the block and is under the SIL
Open Font License 1.1, which lets it be cut down and shipped with its licence. This takes it from
the npm registry (the ``@fontsource/noto-sans-symbols-2`` package, pinned), keeps the block's
glyphs only, and writes them as WOFF (14 kB), with the font's licence beside it.

    python tools/tile_font.py          # needs npm, and fontTools (installed with matplotlib)

The result is committed; run this only to change the font. Its bytes are the same at every run
(the font's own timestamps are kept).
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tutor" / "display" / "fonts"
PACKAGE = "@fontsource/noto-sans-symbols-2@5.3.0"
SOURCE = "package/files/noto-sans-symbols-2-symbols-400-normal.woff"
BLOCK = range(0x1F000, 0x1F02C)  # Unicode's Mahjong Tiles block
NAME = "mahjong-tiles.woff"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["npm", "pack", "--silent", PACKAGE], cwd=tmp, check=True,
                       stdout=subprocess.DEVNULL)
        (archive,) = Path(tmp).glob("*.tgz")
        with tarfile.open(archive) as tar:
            tar.extractall(tmp, members=[tar.getmember(SOURCE), tar.getmember("package/LICENSE")],
                           filter="data")
        font = TTFont(Path(tmp) / SOURCE, recalcTimestamp=False)
        options = subset.Options()
        options.flavor = "woff"
        options.name_IDs = ["*"]  # keep the copyright and licence records
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=BLOCK)
        subsetter.subset(font)
        missing = [hex(c) for c in BLOCK if c not in font.getBestCmap()]
        if missing:
            raise SystemExit(f"{PACKAGE} lacks tiles {missing}")
        OUT.mkdir(parents=True, exist_ok=True)
        subset.save_font(font, OUT / NAME, options)
        licence = (Path(tmp) / "package" / "LICENSE").read_text("utf-8")
        (OUT / "OFL.txt").write_text(
            f"{NAME}: the Mahjong Tiles block (U+1F000 to U+1F02B) of Noto Sans Symbols 2, "
            f"cut from {PACKAGE} by tools/tile_font.py.\n\n{licence}", "utf-8")
    print(f"{OUT / NAME}: {(OUT / NAME).stat().st_size:,} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
