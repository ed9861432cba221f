// Shared helpers of the tile widgets (no build step: the Python side puts this file in front of
// each widget's own file to make one ES module).
//
// Tiles are drawn from the package's sprite (one hidden <svg> of <symbol>s, sent once per page
// in the model's `_sprite`): a tile on screen is <svg><use href="#mt-3m"/></svg> in a span or a
// button with the class `mt-tile` and `data-tile="3m"`.

const MT_SPRITE_ID = "mahjong-tutor-sprite";

// The words of the screen in the learner's language: the model's `_texts` maps each English text
// of these files to its translation (empty in English), made in Python by
// tutor/display/widgets/texts.py, which lists every text given to mtT. `args` fill {name} fields.
let mtTexts = {};

function mtUseTexts(model) {
  mtTexts = model.get("_texts") || {};
}

function mtT(text, args) {
  const out = mtTexts[text] || text;
  return args ? out.replace(/\{(\w+)\}/g, (all, name) => (name in args ? String(args[name]) : all)) : out;
}

// A text marked for translation where it is written, translated (mtT) where it is shown.
function mtN(text) {
  return text;
}

function mtEnsureSprite(model) {
  mtUseTexts(model);
  if (document.getElementById(MT_SPRITE_ID)) return;
  const holder = document.createElement("div");
  holder.innerHTML = model.get("_sprite");
  const sprite = holder.firstElementChild;
  if (sprite) document.body.appendChild(sprite);
}

function mtEl(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function mtSymbol(code, opts) {
  if (opts.back) return "mt-back";
  return opts.joker ? `mt-${code}-j` : `mt-${code}`;
}

// A tile's text alternative in the learner's words ("5 of Characters", "White Dragon (joker)")
// and its tooltip (with the Chinese and the notation), both carried by the sprite's symbol.
// (A page's sprite is sent once, in the language of the first widget: the names of another
// language come with the model's texts, "name:mt-3m" and "tip:mt-3m".)
function mtTileName(symbol) {
  if (mtTexts[`name:${symbol}`]) return mtTexts[`name:${symbol}`];
  const found = document.getElementById(symbol);
  return found ? found.getAttribute("data-name") || "" : "";
}

function mtTileTip(symbol) {
  if (mtTexts[`tip:${symbol}`]) return mtTexts[`tip:${symbol}`];
  const found = document.getElementById(symbol);
  return found ? found.getAttribute("data-tip") || found.getAttribute("data-name") || "" : "";
}

// The name of a tile code in words, for sentences ("3p" -> "3 of Dots").
function mtSay(code, joker) {
  return mtTileName(mtSymbol(code, {joker: code === joker})) || code;
}

// One tile. opts: back (face down), joker, click (handler: the tile becomes a button),
// highlight, dim, badge (a number or text in the corner), title (tooltip), label (the text
// alternative, by default the tile's name: every tile has one), cls (extra classes), key (a
// name kept across redraws, so the keyboard focus stays on it), inert (a button that says it
// cannot be used now but keeps the focus).
function mtTile(code, opts) {
  opts = opts || {};
  const node = mtEl(opts.click ? "button" : "span", "mt-tile");
  const symbol = mtSymbol(code, opts);
  if (!opts.back) node.dataset.tile = code;
  node.innerHTML = `<svg viewBox="0 0 63 85" aria-hidden="true" focusable="false"><use href="#${symbol}"></use></svg>`;
  if (opts.back) node.classList.add("mt-back");
  if (opts.joker) node.classList.add("mt-joker");
  if (opts.highlight) node.classList.add("mt-hl");
  if (opts.dim) node.classList.add("mt-dim");
  if (opts.cls) for (const c of opts.cls.split(" ")) if (c) node.classList.add(c);
  node.title = opts.title || mtTileTip(symbol);
  node.setAttribute("aria-label", opts.label || mtTileName(symbol) || code);
  if (!opts.click) node.setAttribute("role", "img");
  if (opts.key) node.dataset.key = opts.key;
  if (opts.badge !== undefined && opts.badge !== null && opts.badge !== "") {
    const badge = mtEl("span", "mt-badge", String(opts.badge));
    badge.setAttribute("aria-hidden", "true");
    node.appendChild(badge);
  }
  if (opts.click) {
    node.type = "button";
    if (opts.disabled) node.disabled = true;
    if (opts.inert) node.setAttribute("aria-disabled", "true");
    node.addEventListener("click", (event) => {
      event.preventDefault();
      if (!opts.inert) opts.click(code);
    });
  }
  return node;
}

// Arrow keys between the focusable tiles of `box` (one Tab stop for the group: the others
// leave the tab order). `rows`: the row containers of a grid (Up and Down move between rows),
// or null for one line. The tile with data-key `current` (or the first) takes the Tab stop.
function mtRoving(box, items, current, rows) {
  if (!items.length) return;
  let start = items.findIndex((n) => n.dataset.key === current && !n.disabled);
  if (start < 0) start = Math.max(0, items.findIndex((n) => !n.disabled));
  items.forEach((n, i) => { n.tabIndex = i === start ? 0 : -1; });
  const focusin = (event) => {  // the tile last focused keeps the Tab stop
    if (items.indexOf(event.target) < 0) return;
    for (const n of items) n.tabIndex = n === event.target ? 0 : -1;
  };
  const move = (from, to) => {
    if (to < 0 || to >= items.length) return;
    from.tabIndex = -1;
    items[to].tabIndex = 0;
    items[to].focus();
  };
  const keydown = (event) => {
    const at = items.indexOf(event.target);
    if (at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    let to = null;
    if (event.key === "ArrowRight") to = at + 1;
    else if (event.key === "ArrowLeft") to = at - 1;
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = items.length - 1;
    else if (rows && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      const row = rows.findIndex((r) => r.contains(event.target));
      const next = rows[row + (event.key === "ArrowDown" ? 1 : -1)];
      if (next) {
        const column = Array.from(rows[row].children).indexOf(event.target);
        const cells = Array.from(next.children);
        to = items.indexOf(cells[Math.min(column, cells.length - 1)]);
      }
    }
    if (to === null) return;
    event.preventDefault();
    move(event.target, to);
  };
  if (box.mtRoving) {  // a box drawn again: the new tiles replace the old ones
    box.removeEventListener("keydown", box.mtRoving.keydown);
    box.removeEventListener("focusin", box.mtRoving.focusin);
  }
  box.mtRoving = {keydown, focusin};
  box.addEventListener("keydown", keydown);
  box.addEventListener("focusin", focusin);
}

// Redraw `box` with `draw()` keeping the keyboard focus: on the element with the same data-key
// if it is still there, else on `fallback(box)` (an element, or null for `box` itself).
function mtKeepFocus(box, draw, fallback) {
  const active = document.activeElement;
  const had = active && active !== document.body && box.contains(active);
  const key = had && active.dataset ? active.dataset.key : undefined;
  draw();
  if (!had) return;
  let target = key ? box.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
  if (!target || target.disabled) target = fallback ? fallback(box) : null;
  if (!target) {
    if (!box.hasAttribute("tabindex")) box.tabIndex = -1;
    target = box;
  }
  target.focus({preventScroll: true});
}

// A declared meld in its frame with a label: {kind, label, tiles, concealed}; a tile written
// "back" is drawn face down.
function mtMeld(meld, opts) {
  opts = opts || {};
  const frame = mtEl(opts.click ? "button" : "div",
                     `mt-meld mt-meld-${meld.kind}${meld.concealed ? " mt-meld-concealed" : ""}`);
  const row = mtEl("div", "mt-meld-tiles");
  for (const code of meld.tiles) {
    row.appendChild(mtTile(code === "back" ? "5z" : code,
                           {back: code === "back", joker: code === opts.joker}));
  }
  frame.appendChild(row);
  if (meld.label) frame.appendChild(mtEl("div", "mt-meld-label", meld.label));
  frame.title = meld.title || meld.label || "";
  const words = meld.tiles.map((code) => code === "back" ? mtT("a tile face down") : mtSay(code, opts.joker));
  const label = mtT("{label}: {tiles}", {label: meld.label || mtT("meld"), tiles: words.join(mtT(", "))});
  if (opts.click) {
    frame.type = "button";
    frame.setAttribute("aria-label", label + mtT(" (press to take it back)"));
    frame.addEventListener("click", () => opts.click());
  } else {
    frame.setAttribute("role", "group");
    frame.setAttribute("aria-label", label);
  }
  return frame;
}

// A hand: {concealed: [...], drawn: "3m" or "", melds: [...]}. opts: joker, highlight (codes),
// back (draw the concealed tiles face down), onTile(code, index), onMeld(index).
function mtHand(hand, opts) {
  opts = opts || {};
  const row = mtEl("div", "mt-hand");
  const marks = new Set(opts.highlight || []);
  const concealed = mtEl("div", "mt-concealed");
  const make = (code, index, extra) => {
    let label = opts.back ? mtT("a tile face down") : mtSay(code, opts.joker);
    if (extra) label += mtT(", ") + extra;
    if (marks.has(code)) label += mtT(", suggested");
    if (opts.tileLabel) label += opts.tileLabel(code);
    return mtTile(opts.back ? "5z" : code, {
      back: !!opts.back, joker: code === opts.joker, highlight: marks.has(code),
      click: opts.onTile ? (() => opts.onTile(code, index)) : null,
      inert: opts.inert ? opts.inert(code) : false,
      badge: opts.badges ? opts.badges[code] : (marks.has(code) && opts.onTile ? "\u2605" : undefined),
      key: opts.onTile ? `${opts.keyPrefix || "hand"}-${index}` : undefined, label,
      cls: opts.tileClass ? opts.tileClass(code) : ""});
  };
  if (opts.label) {
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", opts.label);
  }
  (hand.concealed || []).forEach((code, i) => concealed.appendChild(make(code, i)));
  row.appendChild(concealed);
  if (hand.drawn) {
    const drawn = mtEl("div", "mt-drawn");
    drawn.appendChild(make(hand.drawn, (hand.concealed || []).length, mtT("just drawn")));
    drawn.title = mtT("the tile just drawn");
    row.appendChild(drawn);
  }
  (hand.melds || []).forEach((meld, i) => {
    row.appendChild(mtMeld(meld, {joker: opts.joker,
                                  click: opts.onMeld ? (() => opts.onMeld(i)) : null}));
  });
  if (opts.onTile) {
    const tiles = Array.from(row.querySelectorAll("button.mt-tile"));
    mtRoving(row, tiles, opts.focusKey, null);
  }
  return row;
}

function mtClear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

// A view's frame: a root div of classes `cls` in `el`, drawn by `draw(root)` now and again
// whenever one of the traits `names` changes (once after an update that changes several);
// returns the clean-up that anywidget calls when the view goes.
function mtMount(model, el, cls, names, draw) {
  const root = mtEl("div", cls);
  el.appendChild(root);
  // the keyboard focus survives a redraw (on the same tile or button, else where `focus` says)
  const redraw = () => mtKeepFocus(root, () => { mtClear(root); mtUseTexts(model); draw(root); }, (box) =>
    box.querySelector(".mt-focus-home [tabindex='0']") || box.querySelector(".mt-focus-home"));
  mtEnsureSprite(model);
  redraw();
  mtLabelSliders();
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    Promise.resolve().then(() => { pending = false; redraw(); });
  };
  for (const name of names) model.on(`change:${name}`, schedule);
  const cleanup = () => { for (const name of names) model.off(`change:${name}`, schedule); };
  cleanup.redraw = schedule;  // for a view that draws again by itself (a paced replay)
  return cleanup;
}

// Text with tile codes ("discard 3m", "chow 345p") drawn as small tiles inline.
function mtRich(text, joker) {
  const out = document.createDocumentFragment();
  const pattern = /\b([1-9]+)([mpsz])\b/g;
  let at = 0;
  let found;
  while ((found = pattern.exec(text)) !== null) {
    if (found.index > at) out.appendChild(document.createTextNode(text.slice(at, found.index)));
    const group = mtEl("span", "mt-inline");
    group.title = found[0];
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", Array.from(found[1]).map((d) => mtSay(d + found[2], joker)).join(mtT(", ")));
    for (const digit of found[1]) {
      const code = digit + found[2];
      if (found[2] === "z" && digit > "7") { group.appendChild(document.createTextNode(code)); continue; }
      group.appendChild(mtTile(code, {joker: code === joker}));
    }
    out.appendChild(group);
    at = found.index + found[0].length;
  }
  if (at < text.length) out.appendChild(document.createTextNode(text.slice(at)));
  return out;
}

// ipywidgets' sliders draw a handle (role "slider") with no name for a screen reader: give each
// the slider's description ("Move:"), a few times while the page's widgets appear.
function mtLabelSliders() {
  const label = () => {
    for (const handle of document.querySelectorAll(".widget-slider .noUi-handle:not([aria-label])")) {
      const slider = handle.closest(".widget-slider");
      const text = slider && slider.querySelector(".widget-label");
      handle.setAttribute("aria-label", (text && text.textContent.replace(/[:：]$/, "").trim()) || mtT("position"));
    }
  };
  for (const wait of [0, 300, 1500, 5000]) setTimeout(label, wait);
}
