// The tablet's play page: finds its seat token, connects, and wires taps to actions.

import { elements, readJson, show } from "../shared/dom.js";
import { addPlurals, addText, loadText, t } from "../shared/text.js";
import { createActions } from "./actions.js";
import { setupBuilder } from "./builder.js";
import { forgetSeat, openConnection, seatToken } from "./connection.js";
import {
  askToConfirm,
  dealerActionDone,
  newDealerState,
  setupDealer,
  showRuleError,
} from "./dealer.js";
import { createGuessWords } from "./guess_words.js";
import { newJournalState, setupJournal } from "./journal.js";
import { rememberNames } from "./names.js";
import { isNe } from "./new_eleusis/feed.js";
import { newNeState, toggleInString } from "./new_eleusis/hand.js";
import { playString, sendNoPlay, setupNe } from "./new_eleusis/turn.js";
import { createNotice, noticeOf, outcomeOf, pauseNotice } from "./notices.js";
import { renderPredict, setupPredict } from "./predict.js";
import { render } from "./render.js";
import { nextBring, revealShift } from "./reveal.js";
import { takeEvents } from "./state.js";

// How long the server has to say a guess in words before the page asks again later.
const WORDS_TIMEOUT_MS = 6000;
// Space kept between what is brought into view and the screen's edge.
const REVEAL_MARGIN = 8;
// The kinds of event by which another player's turn starts or ends: the outcome of this tablet's
// own play is no news after them.
const LATER_TURN = ["played", "no_play", "judged", "no_play_judged", "turn_skipped"];

function readLibrary() {
  const list = readJson("rule-library");
  return Array.isArray(list) ? list : [];
}

function start() {
  loadText(document.getElementById("tablet-text"));
  addText(document.getElementById("ne-text"));
  addPlurals(document.getElementById("tablet-plurals"), document.documentElement.lang || "en");
  const ui = elements(document.getElementById("tablet"));
  const local = {
    view: null,
    selected: null,
    busy: false,
    feed: [],
    feedSeq: 0,
    outcome: null,
    ruleTexts: readJson("rule-texts") || {},
    journal: newJournalState(),
    dealer: newDealerState(),
    ne: newNeState(),
    // What the page keeps in view until the student touches it: "turn" or "outcome".
    bring: null,
    myTurn: false,
    owing: false,
  };
  const redraw = () => {
    if (!local.view) return;
    render(local.view, ui, local);
    renderPredict(local.view, local);
    bringIntoView(ui, local);
  };
  const say = (message) => {
    ui.problem.textContent = message || "";
    show(ui.problem, Boolean(message));
  };

  if (typeof window.io !== "function") {
    say(t("no_library"));
    show(ui.connection, false);
    return;
  }
  const token = seatToken(ui.tablet.dataset.token);
  if (!token) {
    window.location.replace(ui.tablet.dataset.joinUrl);
    return;
  }

  const page = { say, redraw, notice: createNotice(ui.notice), actions: null };
  const connection = openConnection(token, receivers(ui, local, page));
  const actions = createActions(connection.socket, answers(ui, local, page));
  page.actions = actions;
  local.guessWords = guessWordsOf(connection.socket);
  local.guessWords.onLearnt(redraw);
  setupJournal(ui, connection.socket, local, { say, redraw });
  setupDealer(ui, actions, local, { say, redraw, library: readLibrary() });
  setupTurn(ui, local, page);
  setupNe(ui, local, page);
  setupPredict(ui, actions, local, page);
  setupBuilder(ui, connection.socket, () => local.view, local.guessWords);
}

/** Guesses in words, asked of the server in the tablet's language (once per text). */
function guessWordsOf(socket) {
  return createGuessWords((text, done) => {
    socket.timeout(WORDS_TIMEOUT_MS).emit("builder_words", { text }, (error, answer) => {
      done(error ? null : answer);
    });
  });
}

/** What the tablet does with what the server sends. */
function receivers(ui, local, page) {
  const handlers = {
    state(view) {
      // A state of an ended class (a tablet coming back after the bell) ends the game here
      // too, even if the class_ended message was missed while the tablet slept.
      if (view.class_ended) {
        handlers.refused("", "class_ended");
        return;
      }
      const paused = pauseNotice(local.view, view);
      if (paused) page.notice.say(paused);
      local.view = view;
      rememberNames(view);
      show(ui.game, true);
      page.redraw();
    },
    events(list) {
      const { feed, seq, fresh } = takeEvents({ feed: local.feed, seq: local.feedSeq }, list);
      Object.assign(local, { feed, feedSeq: seq });
      fresh.forEach((event, at) => {
        // A new round, or another player's turn: the outcome of my last play is no news.
        const later = LATER_TURN.includes(event.kind) && local.view && event.seat !== local.view.me;
        if (event.kind === "dealt" || later) local.outcome = null;
        tell(local, page.notice, event, fresh.slice(at + 1));
      });
      page.redraw();
    },
    journal(entries) {
      local.journal.entries = entries;
      page.redraw();
    },
    problem: page.say,
    online(isOnline) {
      ui.connection.textContent = t(isOnline ? "connecting" : "reconnecting");
      show(ui.connection, !isOnline);
    },
    connected() {
      page.actions.resend();
    },
    refused(message, reason) {
      const gone = reason === "class_ended" || reason === "seat_gone";
      // Only a seat that is really gone is forgotten: a tablet refused for another reason
      // (too many tabs open on one seat) keeps its seat for when the old tab closes.
      if (gone) forgetSeat();
      page.notice.clear(); // news of a game this tablet has left is no news any more
      if (ui.noPlayDialog.open) ui.noPlayDialog.close();
      for (const region of [ui.connection, ui.game, ui.problem, ui.paused]) show(region, false);
      ui.rejoinMessage.textContent = gone ? t(`refused_${reason}`) : message || t("refused");
      // An ended class takes nobody: a join link would only lead to "no class with this code".
      show(ui.rejoinLink, reason !== "class_ended");
      show(ui.rejoin, true);
    },
  };
  return handlers;
}

/** What the tablet does with the server's answers to its actions. */
function answers(ui, local, { say, redraw }) {
  return {
    busy(isBusy) {
      local.busy = isBusy;
      redraw();
    },
    done(payload, reply, event) {
      say("");
      if (payload.type === "play") {
        local.selected = null;
        local.ne.string = [];
      }
      if (payload.type === "guess") ui.guessText.value = "";
      if (event !== "act") dealerActionDone(local);
      redraw();
    },
    confirm(payload, message) {
      say("");
      askToConfirm(local, payload, message);
      redraw();
    },
    failed(message, event) {
      // A rule-language error has a caret excerpt: it goes in the chooser's monospace block.
      if (event === "choose_rule" && showRuleError(ui, local, message)) say("");
      else say(message || t("not_applied"));
    },
    slow() {
      say(t("still_sending"));
    },
    offline() {
      say(t("offline_waiting"));
    },
  };
}

/** The player's taps: a card, Play, No play (confirmed first), Guess, Pass. */
function setupTurn(ui, local, page) {
  const { say, redraw, actions } = page;
  ui.hand.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (!button || button.disabled) return;
    if (isNe(local.view)) {
      toggleInString(local.view, local, button);
      redraw();
      return;
    }
    const card = button.dataset.card;
    local.selected = local.selected === card && button.getAttribute("aria-pressed") === "true" ? null : card;
    redraw();
  });
  const played = () => Object.assign(local, { outcome: null, bring: "outcome" });
  ui.playButton.addEventListener("click", () => {
    if (isNe(local.view)) {
      if (playString(local, page)) played();
    } else if (local.selected && actions.send("play", { card: local.selected })) played();
  });
  setupNoPlay(ui, () => {
    if (isNe(local.view) ? sendNoPlay(page) : actions.send("no_play")) played();
  });
  // The student's own touch or scroll: the page stops bringing things into view.
  for (const kind of ["pointerdown", "wheel", "keydown"]) {
    window.addEventListener(kind, () => (local.bring = null), { capture: true, passive: true });
  }
  ui.guessForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = ui.guessText.value.trim();
    if (!text) {
      say(t("write_guess"));
      ui.guessText.focus();
      return;
    }
    actions.send("guess", { text });
  });
  ui.passButton.addEventListener("click", () => actions.send("pass"));
}

/**
 * News in one event: the outcome of my own play (kept until my next action), or a notice.
 * `after`: the events that came with it (what followed from a verdict).
 */
function tell(local, notice, event, after) {
  const outcome = outcomeOf(local.view, event, after);
  if (outcome) Object.assign(local, { outcome, bring: "outcome" });
  const news = noticeOf(local.view, event);
  if (news) notice.say(news);
}

/**
 * Keep in view what matters now: when the turn comes, the hand and Play (which may lie far below
 * a long table, or below the fold of a phone); after a play, what became of it.
 */
function bringIntoView(ui, local) {
  const view = local.view;
  const myTurn = Boolean(view.can.play || view.can.no_play);
  // A call, a card to point to or a verdict the table waits for from this tablet: its buttons
  // are in the waiting string's box, which may sit above or below what the student looks at.
  const owing = Boolean(view.can.call || view.can.point || (view.dealer === view.me && view.verdict_due));
  local.bring = nextBring(local, myTurn, owing);
  Object.assign(local, { myTurn, owing });
  const edges = (first, last) => ({
    top: first.getBoundingClientRect().top,
    bottom: last.getBoundingClientRect().bottom,
  });
  let band = null;
  if (local.bring === "owed" && !ui.nePending.hidden) band = edges(ui.nePending, ui.nePending);
  else if (ui.handArea.hidden) return;
  else if (local.bring === "turn") band = edges(ui.handArea, ui.turnActions);
  // The outcome first, then as much of the hand under it as the screen holds.
  else if (local.bring === "outcome" && ui.outcome.textContent) band = edges(ui.outcome, ui.hand);
  if (!band) return;
  const first = local.bring === "outcome" ? "start" : "end";
  const shift = revealShift(band, window.innerHeight, REVEAL_MARGIN, first);
  if (shift) window.scrollBy({ top: shift, behavior: "instant" });
}

/** "No play" costs cards when wrong: it is sent only once the student confirms it. */
function setupNoPlay(ui, declare) {
  const dialog = ui.noPlayDialog;
  ui.noPlayButton.addEventListener("click", () => {
    if (!ui.noPlayButton.disabled) dialog.showModal();
  });
  ui.noPlayCancel.addEventListener("click", () => dialog.close());
  ui.noPlayYes.addEventListener("click", () => {
    dialog.close();
    declare();
  });
}

start();
