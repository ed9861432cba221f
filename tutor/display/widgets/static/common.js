// Shared helpers of the tile widgets (no build step: the Python side puts this file in front of
// each widget's own file to make one ES module).
//
// Tiles are drawn from the package's sprite (one hidden <svg> of <symbol>s, sent once per page
// in the model's `_sprite`): a tile on screen is <svg><use href="#mt-3m"/></svg> in a span or a
// button with the class `mt-tile` and `data-tile="3m"`.

const MT_SPRITE_ID = "mahjong-tutor-sprite";

function mtEnsureSprite(model) {
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

function mtTileName(symbol) {
  const found = document.getElementById(symbol);
  return found ? found.getAttribute("data-name") || "" : "";
}

// One tile. opts: back (face down), joker, click (handler: the tile becomes a button),
// highlight, dim, badge (a number or text in the corner), title (tooltip), cls (extra classes).
function mtTile(code, opts) {
  opts = opts || {};
  const node = mtEl(opts.click ? "button" : "span", "mt-tile");
  const symbol = mtSymbol(code, opts);
  if (!opts.back) node.dataset.tile = code;
  node.innerHTML = `<svg viewBox="0 0 63 85" aria-hidden="true"><use href="#${symbol}"></use></svg>`;
  if (opts.back) node.classList.add("mt-back");
  if (opts.joker) node.classList.add("mt-joker");
  if (opts.highlight) node.classList.add("mt-hl");
  if (opts.dim) node.classList.add("mt-dim");
  if (opts.cls) for (const c of opts.cls.split(" ")) if (c) node.classList.add(c);
  node.title = opts.title || mtTileName(symbol);
  if (opts.badge !== undefined && opts.badge !== null && opts.badge !== "") {
    node.appendChild(mtEl("span", "mt-badge", String(opts.badge)));
  }
  if (opts.click) {
    node.type = "button";
    if (opts.disabled) node.disabled = true;
    node.addEventListener("click", (event) => { event.preventDefault(); opts.click(code); });
  }
  return node;
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
  if (opts.click) {
    frame.type = "button";
    frame.addEventListener("click", () => opts.click());
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
  const make = (code, index) => mtTile(opts.back ? "5z" : code, {
    back: !!opts.back, joker: code === opts.joker, highlight: marks.has(code),
    click: opts.onTile ? (() => opts.onTile(code, index)) : null,
    badge: opts.badges ? opts.badges[code] : undefined,
    cls: opts.tileClass ? opts.tileClass(code) : ""});
  (hand.concealed || []).forEach((code, i) => concealed.appendChild(make(code, i)));
  row.appendChild(concealed);
  if (hand.drawn) {
    const drawn = mtEl("div", "mt-drawn");
    drawn.appendChild(make(hand.drawn, (hand.concealed || []).length));
    drawn.title = "the tile just drawn";
    row.appendChild(drawn);
  }
  (hand.melds || []).forEach((meld, i) => {
    row.appendChild(mtMeld(meld, {joker: opts.joker,
                                  click: opts.onMeld ? (() => opts.onMeld(i)) : null}));
  });
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
  const redraw = () => { mtClear(root); draw(root); };
  mtEnsureSprite(model);
  redraw();
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    Promise.resolve().then(() => { pending = false; redraw(); });
  };
  for (const name of names) model.on(`change:${name}`, schedule);
  return () => { for (const name of names) model.off(`change:${name}`, schedule); };
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
