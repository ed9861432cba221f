// The coach's review panel (after common.js). Python: tutor/display/widgets/review.py; the data:
// tutor/study/review_panel.py (ReviewPanel.as_dict).
//
// Model: panel ({title, outcome, counts: [{grade, count, label}], lesson, legend, worst, total,
// show_all, moments: [{index, step, move, seat, kind, grade, reason, played, played_tiles,
// preferred, preferred_tiles, same}]}), current (the index of the moment shown), message,
// message_kind. Sends {event: "moment", index} and {event: "show_all", on}.

// A move's words with its tiles drawn ("chow 789m" -> chow and three tiles), each tile framed
// the way the table frames it (played: red, dashed; the coach's: green).
function mtReviewMove(prefix, label, frame, joker) {
  const box = mtEl("span", `mt-review-${frame}`);
  box.appendChild(mtEl("span", "mt-review-who", prefix));
  const words = mtEl("b", "mt-review-label");
  words.appendChild(mtRich(label, joker));
  for (const tile of words.querySelectorAll(".mt-tile")) tile.classList.add(`mt-hl-${frame}`);
  box.appendChild(words);
  return box;
}

function mtMoment(model, moment, panel) {
  const button = mtEl("button", `mt-review-moment mt-review-${moment.grade}`);
  button.type = "button";
  button.dataset.index = moment.index;
  button.dataset.step = moment.step;
  if (moment.index === model.get("current")) button.classList.add("mt-review-current");
  if (moment.index === panel.worst) button.classList.add("mt-review-worst");
  button.title = mtT("show the table at move {move}, {seat} to decide", {move: moment.move, seat: moment.seat});
  const line = mtEl("div", "mt-review-line");
  line.appendChild(mtEl("span", "mt-review-move", mtT("Move {move}", {move: moment.move})));
  line.appendChild(mtEl("span", "mt-review-kind", moment.kind));
  line.appendChild(mtEl("span", `mt-grade mt-grade-${moment.grade}`, moment.grade_label || moment.grade));
  if (moment.index === panel.worst) line.appendChild(mtEl("span", "mt-review-star", mtT("biggest lesson")));
  button.appendChild(line);
  const moves = mtEl("div", "mt-review-moves");
  moves.appendChild(mtReviewMove(moment.same ? mtT("played (the coach agrees):") : mtT("played:"),
                                 moment.played, moment.same ? "preferred" : "played", panel.joker));
  if (!moment.same) moves.appendChild(mtReviewMove(mtT("coach:"), moment.preferred, "preferred", panel.joker));
  button.appendChild(moves);
  const reason = mtEl("div", "mt-review-reason");
  reason.appendChild(mtRich(moment.reason, panel.joker));
  button.appendChild(reason);
  button.addEventListener("click", () => model.send({event: "moment", index: moment.index}));
  return button;
}

function renderReview(model, el) {
  const names = ["panel", "current", "message", "message_kind", "_ack"];
  return mtMount(model, el, "mt-root mt-review", names, (root) => {
    const panel = model.get("panel");
    const message = model.get("message");
    if (!panel || !panel.counts) {
      if (message) root.appendChild(mtEl("div", `mt-message mt-message-${model.get("message_kind")}`, message));
      return;
    }
    const head = mtEl("div", "mt-review-head");
    head.appendChild(mtEl("div", "mt-review-title", panel.title));
    head.appendChild(mtEl("div", "mt-review-outcome", panel.outcome));
    root.appendChild(head);
    const counts = mtEl("div", "mt-review-counts");
    counts.title = panel.legend;
    for (const item of panel.counts) {
      const chip = mtEl("span", `mt-grade mt-grade-${item.grade}${item.count ? "" : " mt-grade-none"}`,
                        mtT("{count} {label}", {count: item.count, label: item.label}));
      chip.dataset.grade = item.grade;
      counts.appendChild(chip);
    }
    root.appendChild(counts);
    const lesson = mtEl("div", "mt-review-lesson");
    lesson.appendChild(mtRich(panel.lesson, panel.joker));
    root.appendChild(lesson);
    if (message) root.appendChild(mtEl("div", `mt-message mt-message-${model.get("message_kind")}`, message));
    const tools = mtEl("div", "mt-review-tools");
    const keys = mtEl("span", "mt-review-keys");
    keys.appendChild(mtReviewMove("", mtT("played"), "played", ""));
    keys.appendChild(mtReviewMove("", mtT("coach's choice"), "preferred", ""));
    keys.title = mtT("how the table marks the tiles of the move made and of the coach's choice");
    tools.appendChild(keys);
    const all = mtEl("label", "mt-review-all");
    const box = mtEl("input", "");
    box.type = "checkbox";
    box.checked = !!panel.show_all;
    box.addEventListener("change", () => model.send({event: "show_all", on: box.checked}));
    all.append(box, document.createTextNode(mtT(" show all {total} decisions", {total: panel.total})));
    tools.appendChild(all);
    root.appendChild(tools);
    if (panel.moments.length) {
      root.appendChild(mtEl("div", "mt-review-help",
                            mtT("Click a moment to see the table just before {seat}'s move.", {seat: panel.seat})));
    }
    const list = mtEl("div", "mt-review-moments");
    if (!panel.moments.length) {
      list.appendChild(mtEl("div", "mt-review-empty", panel.total
        ? mtT("Every decision was good: nothing to correct. Tick “show all” to see them.")
        : mtT("No decisions to review: every move of this seat was forced.")));
    }
    for (const moment of panel.moments) list.appendChild(mtMoment(model, moment, panel));
    root.appendChild(list);
    const current = list.querySelector(".mt-review-current");
    if (current) requestAnimationFrame(() => current.scrollIntoView({block: "nearest"}));
  });
}

export default {
  render({model, el}) {
    return renderReview(model, el);
  },
};
