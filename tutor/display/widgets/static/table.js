// The play table and the replay viewer's table (after common.js). Python:
// tutor/display/widgets/table.py; the picture it draws: tutor/study/table.py (TablePicture).
//
// Model: table (the picture), highlight_tiles (tile codes that glow), played_tiles and
// preferred_tiles (a reviewed move's tiles and the coach's: framed red and green), suggest (a move
// whose button glows), hint (text), message, message_kind, result (HTML at the end of a hand), can_undo,
// mode ("play" or "replay"), frames (pictures on the way to `table`, played out one by one,
// `pace` seconds each), can_play (a replay that plays itself). Sends {event: "act", action},
// {event: "hint"}, {event: "undo"}, {event: "next"} (a playing replay's next move).

const MT_PLACE_NAMES = {bottom: "you", right: "right", top: "across", left: "left"};

function mtPlate(seat, table) {
  const plate = mtEl("div", "mt-plate");
  const wind = mtEl("span", "mt-wind", seat.chinese);
  wind.title = mtT("{seat} wind", {seat: seat.name});
  plate.appendChild(wind);
  let name = seat.name;
  if (seat.role === "you") name += mtT(" (you)");
  else if (seat.role === "bot") name += mtT(" (bot)");
  plate.appendChild(mtEl("span", "mt-name", name));
  if (seat.dealer) {
    const dealer = mtEl("span", "mt-chip mt-dealer", mtT("dealer"));
    dealer.title = mtT("East deals and starts with 14 tiles");
    plate.appendChild(dealer);
  }
  if (table.turn === seat.seat && !table.finished) {
    plate.classList.add("mt-turn");
    const turn = mtEl("span", "mt-chip mt-turn-chip", mtT("to play"));
    turn.title = mtT("whose turn it is");
    plate.appendChild(turn);
  }
  for (const note of seat.notes || []) {
    const chip = mtEl("span", "mt-chip mt-note", mtT("bound"));
    chip.title = note;
    plate.appendChild(chip);
  }
  if (seat.concealed === null) {
    const count = mtEl("span", "mt-count", mtT("{n} tiles", {n: seat.count}));
    count.title = mtT("tiles in this player's hand, face down");
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
    // one text alternative for the row of backs, not one per tile
    backs.setAttribute("role", "img");
    backs.setAttribute("aria-label", mtT("{seat}'s hand: {n} tiles face down", {seat: seat.name, n: seat.count}));
    for (let i = 0; i < seat.count; i++) {
      const back = mtTile("5z", {back: true, title: mtT("a tile face down")});
      back.removeAttribute("role");
      back.removeAttribute("aria-label");
      back.setAttribute("aria-hidden", "true");
      backs.appendChild(back);
    }
    box.appendChild(backs);
    const melds = mtEl("div", "mt-melds");
    for (const meld of seat.melds) melds.appendChild(mtMeld(meld, {joker: table.joker}));
    box.appendChild(melds);
    return box;
  }
  if (opts.onTile) box.classList.add("mt-focus-home");
  box.appendChild(mtHand({concealed: seat.concealed, drawn: seat.drawn, melds: seat.melds}, {
    joker: table.joker, highlight: opts.highlight,
    label: opts.onTile ? mtT("your hand: arrow keys choose a tile, Enter discards it")
                       : mtT("{seat}'s hand", {seat: seat.name}),
    onTile: opts.onTile, inert: opts.inert,
    tileLabel: (code) => {
      const mark = table.marks[code];
      let words = mark === "live" ? mtT(", a Live Tile") : mark === "safe" ? mtT(", safe") : mark === "chicken" ? mtT(", a chicken") : "";
      if (opts.inert && opts.inert(code) && opts.discardable) words += mtT(", cannot be discarded now");
      return words;
    },
    tileClass: (code) => {
      let cls = mtMarkClass(table.marks, code) + mtReviewClass(opts.review, code);
      if (opts.discardable && !opts.discardable.has(code)) cls += " mt-locked";
      return cls;
    }}));
  return box;
}

function mtPond(seat, table, opts) {
  const pond = mtEl("div", `mt-pond mt-pond-${seat.place}`);
  pond.title = mtT("{seat}'s discards, in order", {seat: seat.name});
  pond.setAttribute("role", "group");
  pond.setAttribute("aria-label", seat.discards.length ? mtT("{seat}'s discards", {seat: seat.name}) : mtT("{seat} has discarded nothing yet", {seat: seat.name}));
  const last = table.last_discard === seat.seat;
  seat.discards.forEach((code, i) => {
    const taken = seat.taken[i];
    const isLast = last && i === seat.discards.length - 1;
    pond.appendChild(mtTile(code, {
      joker: code === table.joker, dim: taken, highlight: isLast && !taken,
      cls: (taken ? "mt-taken " : "") + mtMarkClass(table.marks, code) + (isLast ? " mt-last" : "") +
           (isLast && !taken ? mtReviewClass(opts.review, code) : ""),
      label: mtSay(code, table.joker) + (taken ? mtT(", claimed into a meld") : isLast ? mtT(", the latest discard") : ""),
      title: `${mtTileTip(mtSymbol(code, {joker: code === table.joker}))}` +
             (taken ? mtT(": claimed into a meld") : isLast ? mtT(": the latest discard") : "")}));
  });
  return pond;
}

function mtBottomName(table) {
  const seat = table.seats.find((s) => s.place === "bottom");
  return seat ? seat.name : mtT("the player at the bottom");
}

// The wall: the square of stacks drawn by the package (wall_svg), its counts as text (also the
// picture's text alternative) and a key that names each mark in words, not by colour alone.
function mtWall(table) {
  const box = mtEl("div", "mt-walls");
  const wall = table.wall;
  if (table.wall_svg) {
    const picture = mtEl("div", "mt-wall-picture");
    picture.innerHTML = table.wall_svg;  // built by the package (tutor.display.layout.wall_svg)
    box.appendChild(picture);
  }
  const text = wall ? wall.text : mtT("Wall: {n} live tiles", {n: table.live_wall}) +
    (table.has_dead_wall ? mtT(", dead wall {n}", {n: table.dead_wall}) : "");
  const info = mtEl("div", "mt-wall-info");
  const caption = mtEl("div", "mt-wall", text);
  caption.title = table.has_dead_wall
    ? mtT("live wall: tiles left to draw; dead wall: kept apart for kong replacement tiles")
    : mtT("tiles left to draw; kong replacements come from the far end of the same wall");
  info.appendChild(caption);
  box.appendChild(info);
  if (table.wall_svg) {
    const key = mtEl("div", "mt-wall-key");
    const items = [["mt-key-live", mtT("live")]];
    if (table.has_dead_wall) items.push(["mt-key-dead", mtT("dead (striped)")]);
    items.push(["mt-key-draw", mtT("next draw")], ["mt-key-replacement", mtT("kong replacement")],
               ["mt-key-break", mtT("break")]);
    for (const [cls, words] of items) {
      const item = mtEl("span", "mt-key-item");
      item.appendChild(mtEl("span", `mt-key ${cls}`));
      item.appendChild(document.createTextNode(words));
      key.appendChild(item);
    }
    info.appendChild(key);
  }
  return box;
}

function mtCenter(table, mode) {
  const center = mtEl("div", "mt-center");
  center.appendChild(mtEl("div", "mt-game", table.title));
  center.appendChild(mtWall(table));
  let status;
  if (table.finished) status = table.outcome || mtT("the hand is over");
  else if (table.to_act && table.offer) {
    const from = table.seats.find((s) => s.seat === table.offer_from);
    const answer = mode === "play" ? mtT("claim it or pass") : mtT("{seat} may claim it", {seat: mtBottomName(table)});
    status = mtT("{seat} discarded {tile}: {answer}", {seat: from ? from.name : mtT("A player"), tile: table.offer, answer});
  } else if (table.to_act) {
    // a replay is watched, not played: name who is to play instead of asking for a click
    status = mode === "play" ? mtT("Your turn: click a tile (or press Enter on it) to discard it") : mtT("{seat} to play", {seat: mtBottomName(table)});
  }
  else {
    const turn = table.seats.find((s) => s.seat === table.turn);
    status = turn ? mtT("{seat}'s turn", {seat: turn.name}) : "";
  }
  const statusLine = mtEl("div", "mt-status", status);
  center.appendChild(statusLine);
  const chips = mtEl("div", "mt-markers");
  for (const marker of table.markers) {
    const chip = mtEl("div", `mt-marker mt-marker-${marker.key}${marker.active ? " mt-active" : ""}`);
    chip.appendChild(mtEl("b", "", marker.name));
    chip.appendChild(document.createTextNode(mtT(": ") + marker.text));
    chip.title = marker.explain;
    chips.appendChild(chip);
  }
  center.appendChild(chips);
  return center;
}

function mtActions(model, table) {
  const bar = mtEl("div", "mt-actions");
  if (model.get("mode") !== "play" && !model.get("can_play") && !table.choices.length) bar.classList.add("mt-empty-bar");
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
    button.dataset.key = `act-${choice.action}`;
    const key = MT_KEYS[choice.kind];
    if (key) button.setAttribute("aria-keyshortcuts", key);
    if (choice.action === suggest) {
      button.classList.add("mt-suggested");
      button.appendChild(mtEl("span", "mt-suggested-mark", mtT("\u2605 suggested")));
    }
    button.addEventListener("click", () => model.send({event: "act", action: choice.action}));
    bar.appendChild(button);
  }
  if (model.get("mode") === "play" || model.get("can_play")) bar.appendChild(mtPaceMenu(model));
  if (model.get("mode") !== "play" && model.get("can_play")) {
    const playing = !!mtReplayTimers.get(model);
    const button = mtEl("button", "mt-button mt-play-button", playing ? mtT("\u275A\u275A Pause") : mtT("\u25B6 Play"));
    button.type = "button";
    button.title = playing ? mtT("stop playing the hand") : mtT("play the hand move by move at this pace");
    button.disabled = !playing && !!table.finished;
    button.dataset.key = "play";
    button.addEventListener("click", () => mtReplayToggle(model));
    bar.appendChild(button);
  }
  if (model.get("mode") === "play") {
    const hint = mtEl("button", "mt-button mt-hint-button", mtT("Hint"));
    hint.type = "button";
    hint.title = mtT("what the tutor would do, and why");
    hint.disabled = !table.to_act;
    hint.dataset.key = "hint";
    hint.setAttribute("aria-keyshortcuts", "H");
    hint.addEventListener("click", () => model.send({event: "hint"}));
    const undo = mtEl("button", "mt-button mt-undo-button", mtT("Take back"));
    undo.type = "button";
    undo.title = mtT("undo your last move (a practice game)");
    undo.disabled = !model.get("can_undo");
    undo.dataset.key = "undo";
    undo.setAttribute("aria-keyshortcuts", "U");
    undo.addEventListener("click", () => model.send({event: "undo"}));
    bar.append(hint, undo);
  }
  return bar;
}

// The pace of the others' moves: a menu the table keeps (the model's `pace`, in seconds).
const MT_PACES = [[mtN("instant"), 0], [mtN("fast (0.25 s)"), 0.25], [mtN("normal (0.5 s)"), 0.5], [mtN("slow (1 s)"), 1],
                  [mtN("very slow (2 s)"), 2]];  // translated when drawn

function mtPaceMenu(model) {
  const label = mtEl("label", "mt-pace");
  label.appendChild(document.createTextNode(mtT("Pace: ")));
  const select = mtEl("select", "mt-pace-select");
  select.dataset.key = "pace";
  const pace = model.get("pace");
  for (const [name, seconds] of MT_PACES) {
    const option = mtEl("option", "", mtT(name));
    option.value = String(seconds);
    if (Math.abs(seconds - pace) < 1e-6) option.selected = true;
    select.appendChild(option);
  }
  select.title = mtT("how long each of the other players' moves stays on screen");
  select.addEventListener("change", () => {
    model.set("pace", parseFloat(select.value));
    model.save_changes();
  });
  label.appendChild(select);
  return label;
}

// A replay playing by itself: one "next" every `pace` seconds until the end of the hand.
const mtReplayTimers = new Map();
const mtRedraws = new Map();  // each table view's redraw (the Play button changes its label)
const mtRedraw = (model) => { const redraw = mtRedraws.get(model); if (redraw) redraw(); };

function mtReplayToggle(model) {
  const timer = mtReplayTimers.get(model);
  if (timer) {
    clearTimeout(timer);
    mtReplayTimers.delete(model);
    mtRedraw(model);
    return;
  }
  const tick = () => {
    const table = model.get("table");
    if (!table || table.finished) { mtReplayTimers.delete(model); mtRedraw(model); return; }
    model.send({event: "next"});
    mtReplayTimers.set(model, setTimeout(tick, Math.max(50, model.get("pace") * 1000)));
  };
  mtReplayTimers.set(model, setTimeout(tick, 0));
  mtRedraw(model);
}

// The keys of the play table (documented on screen under the moves): a letter presses the move's
// button when there is one such move, else moves the focus to the first of them.
const MT_KEYS = {"pong": "P", "chow": "C", "open-kong": "K", "concealed-kong": "K", "added-kong": "K",
                 "win": "W", "self-draw": "W", "rob": "W", "special-win": "W", "pass": "N"};
function mtKeyHelp() {
  return mtEl("div", "mt-keys", mtT("Keys: Tab to your hand, \u2190 \u2192 choose a tile, Enter discards it; P pong, C chow, K kong, W win, N pass; H hint, U take back, Y your hand."));
}

function mtOnKey(model, root, event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const tag = event.target && event.target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  const key = event.key.length === 1 ? event.key.toUpperCase() : "";
  if (!key) return;
  let buttons = [];
  if (key === "H") buttons = Array.from(root.querySelectorAll(".mt-hint-button"));
  else if (key === "U") buttons = Array.from(root.querySelectorAll(".mt-undo-button"));
  else if (key === "Y") {
    const home = root.querySelector(".mt-focus-home [tabindex='0']") ||
      root.querySelector(".mt-seat-bottom .mt-tile");
    if (home) { event.preventDefault(); home.focus(); }
    return;
  } else buttons = Array.from(root.querySelectorAll(".mt-action")).filter((b) =>
    b.getAttribute("aria-keyshortcuts") === key);
  buttons = buttons.filter((b) => !b.disabled);
  if (!buttons.length) return;
  event.preventDefault();
  if (buttons.length === 1) buttons[0].click();
  else buttons[0].focus();
}

// What a screen reader hears: the new lines of the log ("West discards 3 of Dots") and the
// table's messages, in a live region that stays in place while the table is drawn again.
function mtAnnounce(live, state, table, message) {
  const spoken = table.spoken || [];
  const before = state.spoken;
  let fresh = [];
  if (before && spoken.length >= before.length && before.every((line, i) => line === spoken[i])) {
    fresh = spoken.slice(before.length);
  } else if (before) {
    fresh = spoken.slice(-1);
  }
  state.spoken = spoken;
  const parts = fresh.slice(-8);
  if (message && message !== state.message) parts.push(message);
  state.message = message;
  if (table.to_act && fresh.length && table.prompt) parts.push(table.prompt);
  if (parts.length) live.textContent = parts.join(mtT(". "));
}

// The log shows its newest lines: as many whole lines as its height holds, so the top one is never
// cut in half under the heading. Its lines are snap points (tiles.css): scrolled by hand, or
// re-laid out in projector mode, it stops at a line's top; a resized window aligns it again.
function mtLogToEnd(lines) {
  const items = Array.from(lines.children);
  lines.style.height = "";  // the box's own maximum, in today's font size (a resize changes it)
  const most = parseFloat(getComputedStyle(lines).maxHeight);
  if (!items.length || !isFinite(most)) { lines.scrollTop = lines.scrollHeight; return; }
  const last = items[items.length - 1];
  const bottom = last.offsetTop + last.offsetHeight;
  let top = bottom;
  for (let i = items.length - 1; i >= 0 && bottom - items[i].offsetTop <= most; i--) top = items[i].offsetTop;
  if (top === bottom) top = last.offsetTop;  // one line taller than the box: its start
  lines.style.height = `${Math.min(most, bottom - top)}px`;
  lines.scrollTop = top;
}

let mtLogResize = null;
if (typeof window !== "undefined") {
  window.addEventListener("resize", () => {
    if (mtLogResize !== null) cancelAnimationFrame(mtLogResize);
    mtLogResize = requestAnimationFrame(() => {
      mtLogResize = null;
      for (const lines of document.querySelectorAll(".mt-log-lines")) mtLogToEnd(lines);
    });
  });
}

function mtSide(model, table, pacing) {
  const side = mtEl("div", "mt-side");
  const message = model.get("message");
  if (message) {
    side.appendChild(mtEl("div", `mt-message mt-message-${model.get("message_kind")}`, message));
  }
  const hint = pacing ? "" : model.get("hint");
  if (hint) {
    const box = mtEl("div", "mt-hint");
    for (const line of hint.split("\n")) {
      const row = mtEl("div", "");
      row.appendChild(mtRich(line, table.joker));
      box.appendChild(row);
    }
    side.appendChild(box);
  }
  const result = pacing ? "" : model.get("result");
  if (result) {
    const box = mtEl("div", "mt-result");
    box.innerHTML = result;  // built by the package from the settlement (escaped there)
    side.appendChild(box);
    side.classList.add("mt-side-result");  // the sheets take the width under the table
  }
  const log = mtEl("div", "mt-log");
  const title = table.viewer ? mtT("What you saw happen") : mtT("What happened");
  log.appendChild(mtEl("div", "mt-log-title", title));
  const lines = mtEl("ul", "mt-log-lines");
  lines.tabIndex = 0;  // it scrolls: the keyboard can scroll it too
  lines.setAttribute("aria-label", title);
  const shown = table.log.slice(-60);
  shown.forEach((line, i) => {
    const item = mtEl("li", i === shown.length - 1 ? "mt-log-last" : "");
    item.appendChild(mtRich(line, table.joker));
    lines.appendChild(item);
  });
  log.appendChild(lines);
  side.appendChild(log);
  const legend = mtEl("details", "mt-legend");
  legend.appendChild(mtEl("summary", "", mtT("What the markers mean")));
  for (const marker of table.markers) {
    const item = mtEl("p", "");
    item.appendChild(mtEl("b", "", mtT("{name}. ", {name: marker.name})));
    item.appendChild(document.createTextNode(marker.explain));
    legend.appendChild(item);
  }
  const general = mtEl("p", "");
  general.appendChild(mtEl("b", "", mtT("Ponds. ")));
  general.appendChild(document.createTextNode(
    mtT("Each player's discards lie in front of them in the order thrown; a faded tile was claimed into a meld; the glowing one is the latest.")));
  legend.appendChild(general);
  side.appendChild(legend);
  requestAnimationFrame(() => mtLogToEnd(lines));
  return side;
}

function renderTable(model, el) {
  // one update changes several traits at once: mtMount draws once after all of them
  const names = ["highlight_tiles", "played_tiles", "preferred_tiles", "suggest", "hint", "message", "message_kind", "result",
                 "can_undo", "mode", "_ack", "pace", "can_play"];
  // pacing: a new `table` with `frames` shows each frame `pace` seconds, then the table itself
  const paced = {frame: null, queue: [], timer: null};
  mtUseTexts(model);
  const live = mtEl("div", "mt-live");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "log");
  live.setAttribute("aria-label", mtT("moves as they happen"));
  const heard = {spoken: null, message: ""};
  el.appendChild(live);
  el.addEventListener("keydown", (event) => {
    if (model.get("mode") === "play") mtOnKey(model, el, event);
  });
  const cleanup = mtMount(model, el, "mt-root mt-table", names, (root) => {
    const table = paced.frame || model.get("table");
    if (!table || !table.seats) return;
    root.classList.toggle("mt-pacing", !!paced.frame);
    root.dataset.variant = table.variant;
    mtAnnounce(live, heard, table, model.get("message"));
    const playing = model.get("mode") === "play";
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
      const canDiscard = mine && table.to_act && discardable.size > 0;
      // your own tiles stay buttons while you play (the keyboard focus stays in your hand while
      // the others move); only the discardable ones act
      area.appendChild(mtSeatHand(seat, table, {
        highlight: mine || !table.viewer ? highlight : [],
        review: mine || !table.viewer ? review : null,
        discardable: canDiscard ? discardable : null,
        inert: mine && playing && seat.concealed !== null && !table.finished
          ? ((code) => !(canDiscard && discardable.has(code))) : null,
        onTile: mine && playing && seat.concealed !== null && !table.finished
          ? ((code) => { if (canDiscard && discardable.has(code)) model.send({event: "act", action: `discard ${code}`}); })
          : null}));
      felt.appendChild(area);
      felt.appendChild(mtPond(seat, table, {review}));
    }
    felt.appendChild(mtCenter(table, model.get("mode")));
    const board = mtEl("div", "mt-board");
    const left = mtEl("div", "mt-board-main");
    left.appendChild(felt);
    left.appendChild(mtActions(model, table));
    if (playing && !table.finished) left.appendChild(mtKeyHelp());
    board.appendChild(left);
    board.appendChild(mtSide(model, table, !!paced.frame));
    root.appendChild(board);
  });
  const step = () => {
    paced.frame = paced.queue.length ? paced.queue.shift() : null;
    paced.timer = paced.frame ? setTimeout(step, Math.max(0, model.get("pace")) * 1000) : null;
    cleanup.redraw();
  };
  const onTable = () => {
    if (paced.timer) clearTimeout(paced.timer);
    const frames = model.get("frames") || [];
    paced.queue = model.get("pace") > 0 ? frames.slice() : [];
    paced.frame = null;
    step();
  };
  model.on("change:table", onTable);
  mtRedraws.set(model, cleanup.redraw);
  return () => {
    mtRedraws.delete(model);
    cleanup();
    model.off("change:table", onTable);
    if (paced.timer) clearTimeout(paced.timer);
    const timer = mtReplayTimers.get(model);
    if (timer) { clearTimeout(timer); mtReplayTimers.delete(model); }
  };
}

export default {
  render({model, el}) {
    return renderTable(model, el);
  },
};
