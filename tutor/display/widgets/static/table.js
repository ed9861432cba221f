// The play table and the replay viewer's table (after common.js). Python:
// tutor/display/widgets/table.py; the picture it draws: tutor/study/table.py (TablePicture).
//
// Model: table (the picture), highlight_tiles (tile codes that glow), played_tiles and
// preferred_tiles (a reviewed move's tiles and the coach's: framed red and green), suggest (a move
// whose button glows), hint (text), message, message_kind, result (HTML at the end of a hand), can_undo,
// mode ("play" or "replay"). Sends {event: "act", action}, {event: "hint"}, {event: "undo"}.

const MT_PLACE_NAMES = {bottom: "you", right: "right", top: "across", left: "left"};

function mtPlate(seat, table) {
  const plate = mtEl("div", "mt-plate");
  const wind = mtEl("span", "mt-wind", seat.chinese);
  wind.title = `${seat.name} wind`;
  plate.appendChild(wind);
  let name = seat.name;
  if (seat.role === "you") name += " (you)";
  else if (seat.role === "bot") name += " (bot)";
  plate.appendChild(mtEl("span", "mt-name", name));
  if (seat.dealer) {
    const dealer = mtEl("span", "mt-chip mt-dealer", "dealer");
    dealer.title = "East deals and starts with 14 tiles";
    plate.appendChild(dealer);
  }
  if (table.turn === seat.seat && !table.finished) {
    plate.classList.add("mt-turn");
    const turn = mtEl("span", "mt-chip mt-turn-chip", "to play");
    turn.title = "whose turn it is";
    plate.appendChild(turn);
  }
  for (const note of seat.notes || []) {
    const chip = mtEl("span", "mt-chip mt-note", "bound");
    chip.title = note;
    plate.appendChild(chip);
  }
  if (seat.concealed === null) {
    const count = mtEl("span", "mt-count", `${seat.count} tiles`);
    count.title = "tiles in this player's hand, face down";
    plate.appendChild(count);
  }
  return plate;
}

function mtMarkClass(marks, code) {
  const mark = marks[code];
  return mark ? `mt-mark mt-mark-${mark}` : "";
}

// The review's marks on a tile: "mt-hl-preferred" (the coach's move used it) wins over
// "mt-hl-played" (the move made used it).
function mtReviewClass(review, code) {
  if (!review) return "";
  if (review.preferred.has(code)) return " mt-hl-preferred";
  if (review.played.has(code)) return " mt-hl-played";
  return "";
}

function mtSeatHand(seat, table, opts) {
  const box = mtEl("div", `mt-seat-hand mt-seat-hand-${seat.place}`);
  if (seat.concealed === null) {
    const backs = mtEl("div", "mt-backs");
    for (let i = 0; i < seat.count; i++) backs.appendChild(mtTile("5z", {back: true, title: "a tile face down"}));
    box.appendChild(backs);
    const melds = mtEl("div", "mt-melds");
    for (const meld of seat.melds) melds.appendChild(mtMeld(meld, {joker: table.joker}));
    box.appendChild(melds);
    return box;
  }
  box.appendChild(mtHand({concealed: seat.concealed, drawn: seat.drawn, melds: seat.melds}, {
    joker: table.joker, highlight: opts.highlight,
    onTile: opts.onTile,
    tileClass: (code) => {
      let cls = mtMarkClass(table.marks, code) + mtReviewClass(opts.review, code);
      if (opts.discardable && !opts.discardable.has(code)) cls += " mt-locked";
      return cls;
    }}));
  return box;
}

function mtPond(seat, table, opts) {
  const pond = mtEl("div", `mt-pond mt-pond-${seat.place}`);
  pond.title = `${seat.name}'s discards, in order`;
  const last = table.last_discard === seat.seat;
  seat.discards.forEach((code, i) => {
    const taken = seat.taken[i];
    const isLast = last && i === seat.discards.length - 1;
    pond.appendChild(mtTile(code, {
      joker: code === table.joker, dim: taken, highlight: isLast && !taken,
      cls: (taken ? "mt-taken " : "") + mtMarkClass(table.marks, code) + (isLast ? " mt-last" : "") +
           (isLast && !taken ? mtReviewClass(opts.review, code) : ""),
      title: `${mtTileName(mtSymbol(code, {joker: code === table.joker}))}` +
             (taken ? ": claimed into a meld" : isLast ? ": the latest discard" : "")}));
  });
  return pond;
}

function mtBottomName(table) {
  const seat = table.seats.find((s) => s.place === "bottom");
  return seat ? seat.name : "the player at the bottom";
}

function mtCenter(table, mode) {
  const center = mtEl("div", "mt-center");
  center.appendChild(mtEl("div", "mt-game", table.title));
  const walls = mtEl("div", "mt-walls");
  const live = mtEl("span", "mt-wall", `Wall: ${table.live_wall}`);
  live.title = "live wall: tiles left to draw";
  walls.appendChild(live);
  if (table.has_dead_wall) {
    const dead = mtEl("span", "mt-wall mt-dead", `Dead wall: ${table.dead_wall}`);
    dead.title = "dead wall: kept apart for kong replacement tiles";
    walls.appendChild(dead);
  }
  center.appendChild(walls);
  let status;
  if (table.finished) status = table.outcome || "the hand is over";
  else if (table.to_act && table.offer) {
    const from = table.seats.find((s) => s.seat === table.offer_from);
    const answer = mode === "play" ? "claim it or pass" : `${mtBottomName(table)} may claim it`;
    status = `${from ? from.name : "A player"} discarded ${table.offer}: ${answer}`;
  } else if (table.to_act) {
    // a replay is watched, not played: name who is to play instead of asking for a click
    status = mode === "play" ? "Your turn: click a tile to discard it" : `${mtBottomName(table)} to play`;
  }
  else {
    const turn = table.seats.find((s) => s.seat === table.turn);
    status = turn ? `${turn.name}'s turn` : "";
  }
  center.appendChild(mtEl("div", "mt-status", status));
  const chips = mtEl("div", "mt-markers");
  for (const marker of table.markers) {
    const chip = mtEl("div", `mt-marker mt-marker-${marker.key}${marker.active ? " mt-active" : ""}`);
    chip.appendChild(mtEl("b", "", marker.name));
    chip.appendChild(document.createTextNode(`: ${marker.text}`));
    chip.title = marker.explain;
    chips.appendChild(chip);
  }
  center.appendChild(chips);
  return center;
}

function mtActions(model, table) {
  const bar = mtEl("div", "mt-actions");
  if (model.get("mode") !== "play" && !table.choices.length) bar.classList.add("mt-empty-bar");
  const suggest = model.get("suggest");
  for (const choice of table.choices) {
    const button = mtEl("button", `mt-action mt-action-${choice.kind}`);
    button.type = "button";
    button.dataset.action = choice.action;
    button.title = choice.help;
    button.appendChild(mtEl("span", "mt-action-label", choice.label));
    if (choice.tiles.length) {
      const tiles = mtEl("span", "mt-action-tiles");
      let marked = false;
      for (const code of choice.tiles) {
        const claimed = !marked && code === choice.claimed;
        if (claimed) marked = true;
        tiles.appendChild(mtTile(code, {joker: code === table.joker, cls: claimed ? "mt-claimed" : ""}));
      }
      button.appendChild(tiles);
    }
    if (choice.action === suggest) button.classList.add("mt-suggested");
    button.addEventListener("click", () => model.send({event: "act", action: choice.action}));
    bar.appendChild(button);
  }
  if (model.get("mode") === "play") {
    const hint = mtEl("button", "mt-button mt-hint-button", "Hint");
    hint.type = "button";
    hint.title = "what the tutor would do, and why";
    hint.disabled = !table.to_act;
    hint.addEventListener("click", () => model.send({event: "hint"}));
    const undo = mtEl("button", "mt-button mt-undo-button", "Take back");
    undo.type = "button";
    undo.title = "undo your last move (a practice game)";
    undo.disabled = !model.get("can_undo");
    undo.addEventListener("click", () => model.send({event: "undo"}));
    bar.append(hint, undo);
  }
  return bar;
}

function mtSide(model, table) {
  const side = mtEl("div", "mt-side");
  const message = model.get("message");
  if (message) {
    side.appendChild(mtEl("div", `mt-message mt-message-${model.get("message_kind")}`, message));
  }
  const hint = model.get("hint");
  if (hint) {
    const box = mtEl("div", "mt-hint");
    for (const line of hint.split("\n")) {
      const row = mtEl("div", "");
      row.appendChild(mtRich(line, table.joker));
      box.appendChild(row);
    }
    side.appendChild(box);
  }
  const result = model.get("result");
  if (result) {
    const box = mtEl("div", "mt-result");
    box.innerHTML = result;  // built by the package from the settlement (escaped there)
    side.appendChild(box);
  }
  const log = mtEl("div", "mt-log");
  const title = table.viewer ? "What you saw happen" : "What happened";
  log.appendChild(mtEl("div", "mt-log-title", title));
  const lines = mtEl("ul", "mt-log-lines");
  const shown = table.log.slice(-60);
  shown.forEach((line, i) => {
    const item = mtEl("li", i === shown.length - 1 ? "mt-log-last" : "");
    item.appendChild(mtRich(line, table.joker));
    lines.appendChild(item);
  });
  log.appendChild(lines);
  side.appendChild(log);
  const legend = mtEl("details", "mt-legend");
  legend.appendChild(mtEl("summary", "", "What the markers mean"));
  for (const marker of table.markers) {
    const item = mtEl("p", "");
    item.appendChild(mtEl("b", "", `${marker.name}. `));
    item.appendChild(document.createTextNode(marker.explain));
    legend.appendChild(item);
  }
  const general = mtEl("p", "");
  general.appendChild(mtEl("b", "", "Ponds. "));
  general.appendChild(document.createTextNode(
    "Each player's discards lie in front of them in the order thrown; a faded tile was claimed into a meld; the glowing one is the latest."));
  legend.appendChild(general);
  side.appendChild(legend);
  requestAnimationFrame(() => { lines.scrollTop = lines.scrollHeight; });
  return side;
}

function renderTable(model, el) {
  // one update changes several traits at once: mtMount draws once after all of them
  const names = ["table", "highlight_tiles", "played_tiles", "preferred_tiles", "suggest", "hint", "message", "message_kind", "result",
                 "can_undo", "mode", "_ack"];
  return mtMount(model, el, "mt-root mt-table", names, (root) => {
    const table = model.get("table");
    if (!table || !table.seats) return;
    root.dataset.variant = table.variant;
    const felt = mtEl("div", "mt-felt");
    const highlight = model.get("highlight_tiles");
    const discardable = new Set(table.discardable || []);
    const played = model.get("played_tiles") || [];
    const preferred = model.get("preferred_tiles") || [];
    const review = played.length || preferred.length
      ? {played: new Set(played), preferred: new Set(preferred)} : null;
    const bySeat = {};
    for (const seat of table.seats) bySeat[seat.place] = seat;
    for (const seat of table.seats) {
      const area = mtEl("div", `mt-seat mt-seat-${seat.place}`);
      area.dataset.seat = seat.seat;
      area.appendChild(mtPlate(seat, table));
      const mine = seat.place === "bottom";
      area.appendChild(mtSeatHand(seat, table, {
        highlight: mine || !table.viewer ? highlight : [],
        review: mine || !table.viewer ? review : null,
        discardable: mine && table.to_act && discardable.size ? discardable : null,
        onTile: mine && table.to_act && discardable.size
          ? ((code) => { if (discardable.has(code)) model.send({event: "act", action: `discard ${code}`}); })
          : null}));
      felt.appendChild(area);
      felt.appendChild(mtPond(seat, table, {review}));
    }
    felt.appendChild(mtCenter(table, model.get("mode")));
    const board = mtEl("div", "mt-board");
    const left = mtEl("div", "mt-board-main");
    left.appendChild(felt);
    left.appendChild(mtActions(model, table));
    board.appendChild(left);
    board.appendChild(mtSide(model, table));
    root.appendChild(board);
  });
}

export default {
  render({model, el}) {
    return renderTable(model, el);
  },
};
