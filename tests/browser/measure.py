"""Measuring a page in Chromium for the fit tests: horizontal overflow, the smallest text and
the smallest tiles as drawn on screen (CSS zoom included), where an element ends.

Every size is in screen pixels (``getBoundingClientRect`` and the computed font size times the
element's effective zoom), so projector mode's zoom counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: visible elements only: not display:none, not inside a closed <details> or a collapsed panel
_VISIBLE = """
const visible = (el) => {
  if (!el || !el.getClientRects().length) return false;
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden' || parseFloat(style.opacity) === 0) return false;
  const r = el.getBoundingClientRect();
  return r.width > 2 && r.height > 2;  // a 1-px screen-reader-only box is not shown
};
const zoomOf = (el) => (el.currentCSSZoom === undefined ? 1 : el.currentCSSZoom);
const nameOf = (el) => String(el.className.baseVal ?? el.className).slice(0, 80);
const PLACES = '.mt-seat, .mt-pond, .mt-actions, .mt-result, .mt-side, .mt-center, .tutor-main';
"""

_TEXTS = _VISIBLE + """
(selector) => {
  const out = [];
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let node;
    while ((node = walker.nextNode())) {
      const text = node.textContent.trim();
      const el = node.parentElement;
      if (!text || !el || el.closest('svg, script, style, option, .mt-sr-only')) continue;
      if (!visible(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      if (!rects.length) continue;
      // clipped away (inside a scroller, out of its box) counts as not shown
      const px = parseFloat(getComputedStyle(el).fontSize) * zoomOf(el);
      out.push({px, text: text.slice(0, 60), cls: nameOf(el) || el.tagName.toLowerCase()});
    }
  }
  return out;
}
"""

_TILES = _VISIBLE + """
([selector, tiles]) => {
  const out = [];
  for (const root of document.querySelectorAll(selector)) {
    for (const el of root.querySelectorAll(tiles)) {
      // a tile's picture inside a tile button is the same tile: the button counts
      const outer = el.parentElement && el.parentElement.closest('.mt-tile, svg.mahjong-tile');
      if (outer && el.tagName.toLowerCase() !== 'button') continue;
      if (el.closest('.mt-back, .tile-back-hidden') || !visible(el)) continue;
      const r = el.getBoundingClientRect();
      out.push({height: r.height, width: r.width, top: r.top, bottom: r.bottom, right: r.right,
                code: el.dataset.tile || el.getAttribute('aria-label') || '', cls: nameOf(el),
                where: nameOf(el.closest(PLACES) || root)});
    }
  }
  return out;
}
"""

_OVERFLOW = _VISIBLE + """
(selector) => {
  const width = document.documentElement.clientWidth;
  const page = document.scrollingElement.scrollWidth - width;
  let worst = null;
  for (const root of document.querySelectorAll(selector)) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (!visible(el) || (el.closest('svg') && el.tagName.toLowerCase() !== 'svg')) continue;
      const r = el.getBoundingClientRect();
      // cut off by an ancestor that hides its overflow counts as outside too
      if (r.right > width + 1 && (!worst || r.right > worst.right)) {
        worst = {right: r.right, cls: nameOf(el), tag: el.tagName.toLowerCase()};
      }
      const clips = ['auto', 'scroll', 'hidden'].includes(getComputedStyle(el).overflowX);
      if (clips && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 2
          && !el.matches('select, input, textarea')) {
        const cut = {right: width + el.scrollWidth - el.clientWidth,
                     cls: 'cut inside ' + nameOf(el) + ' in ' + nameOf(el.parentElement),
                     tag: el.tagName.toLowerCase()};
        if (!worst || cut.right > worst.right) worst = cut;
      }
    }
  }
  return {page, width, worst};
}
"""

_SVG_TEXTS = _VISIBLE + """
(selector) => {
  const out = [];
  for (const root of document.querySelectorAll(selector)) {
    for (const el of root.querySelectorAll('svg text')) {
      // a tile's own marks are part of the tile (measured as a tile)
      if (el.closest('.mt-tile, svg.mahjong-tile, g.tile, .mt-sr-only') || !visible(el)) continue;
      const text = el.textContent.trim();
      const svg = el.ownerSVGElement;
      const box = svg && svg.viewBox.baseVal;
      if (!text || !box || !box.width || !box.height) continue;
      const r = svg.getBoundingClientRect();
      const scale = Math.min(r.width / box.width, r.height / box.height);
      const px = parseFloat(getComputedStyle(el).fontSize) * scale;
      out.push({px, text: text.slice(0, 60), cls: nameOf(el) || 'text'});
    }
  }
  return out;
}
"""

#: the log's first visible line when its top is above the heading's bottom or the box's top
#: (a sliver of the line before shows under the heading); one entry per log cut so
LOG_TOP = _VISIBLE + """
() => {
  const cut = [];
  for (const lines of document.querySelectorAll('.mt-log-lines')) {
    if (!visible(lines)) continue;
    const box = lines.getBoundingClientRect();
    const title = lines.parentElement.querySelector('.mt-log-title');
    const limit = Math.max(box.top, title ? title.getBoundingClientRect().bottom : box.top);
    const first = Array.from(lines.children).find(
      (li) => li.getBoundingClientRect().bottom > box.top + 0.5);
    if (!first) continue;
    const top = first.getBoundingClientRect().top;
    if (top < limit - 0.5) cut.push({top, limit, text: first.innerText.slice(0, 60)});
  }
  return cut;
}
"""

#: the tiles a learner reads: face up, on the table, in the moves, in a picker, an exercise or a
#: diagram (``g.tile``); backs (nothing to read) are left out
FACE_UP = ".mt-tile:not(.mt-back), svg.mahjong-tile, g.tile"


@dataclass(frozen=True)
class Text:
    px: float
    text: str
    cls: str


def texts(page: Any, selector: str) -> list[Text]:
    """Every visible piece of text under ``selector`` (not SVG text) with its size on screen."""
    return [Text(float(t["px"]), t["text"], t["cls"]) for t in page.evaluate(_TEXTS, selector)]


def small_texts(page: Any, selector: str, minimum: float) -> list[Text]:
    """The visible text under ``selector`` smaller than ``minimum`` screen pixels."""
    return [t for t in texts(page, selector) if t.px < minimum - 0.05]


def small_svg_texts(page: Any, selector: str, minimum: float) -> list[Text]:
    """The visible SVG text under ``selector`` (diagrams, charts; not the tiles' own marks)
    smaller than ``minimum`` screen pixels: its font size times the drawing's scale."""
    return [Text(float(t["px"]), t["text"], t["cls"])
            for t in page.evaluate(_SVG_TEXTS, selector) if float(t["px"]) < minimum - 0.05]


def tiles(page: Any, selector: str, which: str = FACE_UP) -> list[dict[str, Any]]:
    """The visible tiles under ``selector``: height, width, top, bottom, code, where."""
    found: list[dict[str, Any]] = page.evaluate(_TILES, [selector, which])
    return found


def small_tiles(page: Any, selector: str, minimum: float,
                which: str = FACE_UP) -> list[dict[str, Any]]:
    return [t for t in tiles(page, selector, which) if t["height"] < minimum - 0.5]


def overflow(page: Any, selector: str = "body") -> dict[str, Any]:
    """Horizontal overflow: ``page`` (how far the page scrolls sideways), ``width`` (the
    viewport's) and ``worst`` (the element sticking out furthest to the right, or cut inside
    a box that hides or scrolls its overflow), or None."""
    result: dict[str, Any] = page.evaluate(_OVERFLOW, selector)
    return result


def fits_across(page: Any, selector: str = "body") -> str:
    """"" when nothing under ``selector`` needs a horizontal scroll, else what sticks out."""
    found = overflow(page, selector)
    if found["page"] > 1:
        return f"the page scrolls sideways by {found['page']} px ({found['worst']})"
    if found["worst"] is not None:
        return f"{found['worst']} ends at {found['worst']['right']:.0f} px > {found['width']}"
    return ""


def bottom_of(page: Any, selector: str) -> float:
    """Where the lowest visible element matching ``selector`` ends (page scrolled to the top)."""
    page.evaluate("window.scrollTo(0, 0)")
    return float(page.evaluate(
        _VISIBLE + "(sel) => Math.max(...Array.from(document.querySelectorAll(sel))"
        ".filter(visible).map((el) => el.getBoundingClientRect().bottom))", selector))


def fold(page: Any) -> float:
    return float(page.evaluate("window.innerHeight"))
