// Everyone predicts: while another player's card waits for its verdict this tablet asks "Will
// it be accepted?" (✓ / ✗, or skip: an answer that is no forecast, so the app's verdict need
// not wait for it), counts the app's window down, says what this student said, and after the verdict whether they were right.
// The server sends no other student's forecast: only how many have predicted.

import { cardFace } from "../shared/cards.js";
import { readJson, show } from "../shared/dom.js";
import { format } from "../shared/text.js";
import { nameOf } from "./names.js";

let words = {};

// Its words are a block of their own: some keys ("right", "wrong") say other things here.
function say(key, params = {}) {
  return format(words[key] ?? key, params);
}

const state = { ui: null, local: null, skipped: null, seen: null, deadline: null, timer: null, lastPlay: undefined };

/** Wire the buttons (`ui`: the page's elements); `notice` says the toast after a verdict. */
export function setupPredict(ui, actions, local, { notice }) {
  words = readJson("predict-text") || {};
  state.ui = ui;
  state.local = local;
  state.notice = notice;
  if (!state.ui.predict) return;
  const send = (accepted) => actions.send("predict", { accepted });
  state.ui.predictAccept.addEventListener("click", () => send(true));
  state.ui.predictReject.addEventListener("click", () => send(false));
  state.ui.predictSkip.addEventListener("click", () => {
    const waiting = local.view && local.view.predict && local.view.predict.waiting;
    state.skipped = waiting ? waiting.play : null;
    renderPredict(local.view, local);
    if (waiting) actions.send("skip_predict");
  });
}

/** The line under the status for the player whose card the table predicts, or null. */
export function predictStatus(view) {
  const waiting = view.predict && view.predict.waiting;
  if (!waiting || view.paused) return null;
  if (!waiting.mine) return view.dealer ? null : say("others_predicting", { name: nameOf(view, waiting.player) });
  if (view.dealer) return say("table_predicting_dealer", { dealer: nameOf(view, view.dealer) });
  return say("table_predicting", { count: waiting.count, of: waiting.of });
}

/** Draw the question, the countdown and the scores from the view. */
export function renderPredict(view, local) {
  const ui = state.ui;
  if (!ui || !ui.predict || !view) return;
  const predict = view.predict;
  toastVerdict(predict);
  const waiting = predict && predict.waiting;
  const asking = Boolean(waiting && !waiting.mine && state.skipped !== waiting.play && (waiting.can || waiting.said !== null));
  show(ui.predict, asking);
  showScores(view, predict);
  if (!asking) {
    stopCountdown();
    return;
  }
  if (ui.predictCard.dataset.card !== waiting.card) {
    ui.predictCard.dataset.card = waiting.card;
    ui.predictCard.replaceChildren(cardFace(waiting.card));
  }
  ui.predictWho.textContent = say("who", { name: nameOf(view, waiting.player) });
  const open = waiting.said === null && waiting.can;
  show(ui.predictAsk.querySelector(".predict-buttons"), open);
  show(ui.predictSkip, open);
  for (const button of [ui.predictAccept, ui.predictReject]) button.disabled = !open || local.busy;
  ui.predictStatus.textContent = waiting.said === null ? "" : say(waiting.said ? "said_yes" : "said_no");
  startCountdown(waiting);
}

function showScores(view, predict) {
  const ui = state.ui;
  // Scores once there are some: "0 of 0" says nothing.
  const playing = predict && view.status !== "lobby" && predict.table.of > 0;
  show(ui.predictScores, Boolean(playing));
  if (!playing) return;
  // A student who has not predicted yet (the first player, one who skipped) sees the table's.
  const parts = predict.mine.of ? [say("mine", predict.mine)] : [];
  parts.push(say("table", predict.table));
  ui.predictScores.textContent = parts.join(" · ");
}

/** After a verdict on a card this student predicted: right or wrong (not on the first view). */
function toastVerdict(predict) {
  const last = predict ? predict.last : null;
  const play = last ? last.play : null;
  const known = state.lastPlay;
  state.lastPlay = play;
  if (known === undefined || play === null || play === known || !state.notice) return;
  const table = say("table_right", { right: last.right, of: last.of });
  if (last.mine === null) state.notice.say([table]);
  else state.notice.say([`${say(last.mine ? "right" : "wrong")} ${table}`]);
}

function startCountdown(waiting) {
  const ui = state.ui;
  if (waiting.left === null) {
    stopCountdown();
    return;
  }
  if (state.seen !== waiting) {
    // A fresh view from the server: count from what it says is left.
    state.seen = waiting;
    state.deadline = Date.now() + waiting.left * 1000;
  }
  const tick = () => {
    const left = Math.max(0, Math.ceil((state.deadline - Date.now()) / 1000));
    ui.predictCountdown.textContent = say("seconds_left", { n: left });
  };
  tick();
  if (!state.timer) state.timer = setInterval(tick, 250);
}

function stopCountdown() {
  clearInterval(state.timer);
  state.timer = null;
  state.seen = null;
  if (state.ui && state.ui.predictCountdown) state.ui.predictCountdown.textContent = "";
}
