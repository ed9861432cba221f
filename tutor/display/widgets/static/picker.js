// The tile picker and the hand view (after common.js). Python: tutor/display/widgets/tiles.py.
//
// Picker model: rows (tile codes by suit), left ({code: copies that can still be added}),
// joker, hand ({concealed, drawn, melds}), highlight, message, message_kind, hand_label,
// pick_label. It sends {event: "pick", tile}, {event: "remove", tile}, {event: "remove_meld",
// index} and {event: "type", text} (notation typed in its box, sent on Enter).
// Hand view model: hand, joker, highlight, clickable; sends {event: "tile", tile, index}.

function renderPicker(model, el) {
  mtUseTexts(model);
  const root = mtEl("div", "mt-root mt-picker");
  const handLabel = mtEl("div", "mt-label");
  const handArea = mtEl("div", "mt-hand-area");
  const message = mtEl("div", "mt-message");
  message.setAttribute("role", "status");
  const typeRow = mtEl("div", "mt-type");
  const input = mtEl("input", "mt-type-input");
  input.type = "text";
  input.setAttribute("aria-label", mtT("type tiles in notation"));
  input.placeholder = mtT("type tiles, e.g. 123m 55z, then Enter");
  input.spellcheck = false;
  const add = mtEl("button", "mt-button mt-type-add", mtT("Add"));
  add.type = "button";
  typeRow.append(input, add);
  const pickLabel = mtEl("div", "mt-label");
  const pickArea = mtEl("div", "mt-pick-area");
  pickArea.setAttribute("role", "group");
  pickArea.setAttribute("aria-label", mtT("tiles to add: arrow keys move, Enter adds one"));
  root.append(handLabel, handArea, typeRow, message, pickLabel, pickArea);
  el.appendChild(root);

  const send = (msg) => model.send(msg);
  const submit = () => {
    const text = input.value.trim();
    if (text) send({event: "type", text});
  };
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") { event.preventDefault(); submit(); }
  });
  add.addEventListener("click", submit);

  // a redraw keeps the keyboard focus on the same tile (or the first one of its area)
  const firstTile = (box) => box.querySelector(".mt-tile[tabindex='0']") || input;
  const drawHand = () => mtKeepFocus(handArea, drawHandNow, firstTile);
  const drawPicker = () => mtKeepFocus(pickArea, drawPickerNow, firstTile);
  const drawHandNow = () => {
    mtUseTexts(model);
    mtClear(handArea);
    handLabel.textContent = model.get("hand_label");
    // no label: a picker that only types tiles somewhere else (an answer box), no hand to show
    const shown = model.get("hand_label") ? "" : "none";
    handLabel.style.display = shown;
    handArea.style.display = shown;
    if (shown) return;
    const hand = model.get("hand");
    const empty = !(hand.concealed || []).length && !(hand.melds || []).length && !hand.drawn;
    if (empty) {
      handArea.appendChild(mtEl("div", "mt-empty", mtT("No tiles yet: click tiles below, or type them.")));
      return;
    }
    handArea.appendChild(mtHand(hand, {
      joker: model.get("joker"), highlight: model.get("highlight"),
      label: mtT("your hand: arrow keys move between tiles, Enter takes one back"),
      tileLabel: () => mtT(" (press to take it back)"),
      onTile: (code) => send({event: "remove", tile: code}),
      onMeld: (index) => send({event: "remove_meld", index})}));
  };
  const drawPickerNow = () => {
    mtUseTexts(model);
    mtClear(pickArea);
    pickLabel.textContent = model.get("pick_label");
    const left = model.get("left");
    const joker = model.get("joker");
    const lines = [];
    for (const row of model.get("rows")) {
      const line = mtEl("div", "mt-pick-row");
      for (const code of row) {
        const n = left[code] === undefined ? 4 : left[code];
        const name = mtSay(code, joker);
        // a tile with no copy left stays focusable (the arrows pass over it) but does nothing
        line.appendChild(mtTile(code, {
          joker: code === joker, badge: n, inert: n <= 0, dim: n <= 0,
          cls: "mt-pick", key: `pick-${code}`,
          label: n > 0 ? mtT("{name}: {n} more can be added", {name, n}) : mtT("{name}: no copy left", {name}),
          title: mtT("{name}: {n} more can be added", {name: mtTileTip(mtSymbol(code, {joker: code === joker})), n}),
          click: (tile) => send({event: "pick", tile})}));
      }
      pickArea.appendChild(line);
      lines.push(line);
    }
    const tiles = lines.flatMap((line) => Array.from(line.children));
    mtRoving(pickArea, tiles, null, lines);
  };
  const drawMessage = () => {
    message.textContent = model.get("message");
    message.className = `mt-message mt-message-${model.get("message_kind")}`;
    if (model.get("message_kind") === "ok") input.value = "";
  };
  mtEnsureSprite(model);
  drawHand(); drawPicker(); drawMessage();
  const onHand = () => drawHand();
  const onPicker = () => drawPicker();
  const onMessage = () => drawMessage();
  model.on("change:hand", onHand);
  model.on("change:highlight", onHand);
  model.on("change:hand_label", onHand);
  model.on("change:left", onPicker);
  model.on("change:rows", onPicker);
  model.on("change:joker", () => { drawHand(); drawPicker(); });
  model.on("change:message", onMessage);
  model.on("change:message_kind", onMessage);
  model.on("change:_ack", onMessage);
  return () => {
    model.off("change:hand", onHand);
    model.off("change:highlight", onHand);
    model.off("change:hand_label", onHand);
    model.off("change:left", onPicker);
    model.off("change:rows", onPicker);
    model.off("change:message", onMessage);
    model.off("change:message_kind", onMessage);
    model.off("change:_ack", onMessage);
  };
}

function renderHandView(model, el) {
  const root = mtEl("div", "mt-root mt-hand-view");
  el.appendChild(root);
  const draw = () => {
    mtUseTexts(model);
    mtClear(root);
    const clickable = model.get("clickable");
    root.appendChild(mtHand(model.get("hand"), {
      joker: model.get("joker"), highlight: model.get("highlight"),
      onTile: clickable ? ((code, index) => model.send({event: "tile", tile: code, index})) : null}));
  };
  mtEnsureSprite(model);
  draw();
  for (const name of ["hand", "highlight", "joker", "clickable"]) model.on(`change:${name}`, draw);
  return () => {
    for (const name of ["hand", "highlight", "joker", "clickable"]) model.off(`change:${name}`, draw);
  };
}

export default {
  render({model, el}) {
    return model.get("_view") === "hand" ? renderHandView(model, el) : renderPicker(model, el);
  },
};
