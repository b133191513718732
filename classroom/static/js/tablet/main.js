// The tablet's play page: finds its seat token, connects, and wires taps to actions.

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
import { show } from "../shared/dom.js";
import { newJournalState, setupJournal } from "./journal.js";
import { playString, sendNoPlay, setupNe } from "./new_eleusis/turn.js";
import { isNe } from "./new_eleusis/feed.js";
import { newNeState, toggleInString } from "./new_eleusis/hand.js";
import { neElements } from "./new_eleusis/pending.js";
import { createNotice, noticeOf, outcomeOf, pauseNotice } from "./notices.js";
import { renderPredict, setupPredict } from "./predict.js";
import { render } from "./render.js";
import { addText, loadText, t } from "../shared/text.js";

const FEED_LIMIT = 50;

function elements() {
  const byId = (id) => document.getElementById(id);
  return {
    tablet: byId("tablet"),
    game: byId("game"),
    connection: byId("connection"),
    notice: byId("notice"),
    outcome: byId("outcome"),
    noPlayDialog: byId("no-play-dialog"),
    noPlayYes: byId("no-play-yes"),
    noPlayCancel: byId("no-play-cancel"),
    ruleWords: byId("rule-words"),
    ruleCodeBox: byId("rule-code-box"),
    problem: byId("problem"),
    rejoin: byId("rejoin"),
    rejoinMessage: byId("rejoin-message"),
    groupName: byId("group-name"),
    className: byId("class-name"),
    meName: byId("me-name"),
    turnBanner: byId("turn-banner"),
    statusLine: byId("status-line"),
    tableArea: byId("table-area"),
    stockCount: byId("stock-count"),
    layout: byId("layout"),
    handArea: byId("hand-area"),
    hand: byId("hand"),
    handCount: byId("hand-count"),
    selectedCard: byId("selected-card"),
    turnActions: byId("turn-actions"),
    playButton: byId("play-button"),
    noPlayButton: byId("no-play-button"),
    guessForm: byId("guess-form"),
    guessText: byId("guess-text"),
    guessButton: byId("guess-button"),
    passButton: byId("pass-button"),
    roundOver: byId("round-over"),
    endReason: byId("end-reason"),
    finalScores: byId("final-scores"),
    dealerScore: byId("dealer-score"),
    ruleBox: byId("rule-box"),
    ruleText: byId("rule-text"),
    players: byId("players"),
    guesses: byId("guesses"),
    hints: byId("hints"),
    recent: byId("recent"),
    paused: byId("paused"),
    ruleChooser: byId("rule-chooser"),
    chooserTabs: byId("rule-tabs"),
    panelLibrary: byId("panel-library"),
    panelLanguage: byId("panel-language"),
    panelFree: byId("panel-free"),
    libraryList: byId("library-list"),
    ruleLanguage: byId("rule-language"),
    ruleError: byId("rule-error"),
    ruleFree: byId("rule-free"),
    dealButton: byId("deal-button"),
    dealerArea: byId("dealer-area"),
    dealerRule: byId("dealer-rule"),
    verdict: byId("verdict"),
    verdictQuestion: byId("verdict-question"),
    verdictCard: byId("verdict-card"),
    verdictGuess: byId("verdict-guess"),
    shownHand: byId("shown-hand"),
    verdictButtons: byId("verdict-buttons"),
    verdictRight: byId("verdict-right"),
    verdictWrong: byId("verdict-wrong"),
    verdictRightText: byId("verdict-right-text"),
    verdictWrongText: byId("verdict-wrong-text"),
    verdictConfirm: byId("verdict-confirm"),
    confirmMessage: byId("confirm-message"),
    confirmYes: byId("confirm-yes"),
    confirmNo: byId("confirm-no"),
    journal: byId("journal"),
    journalCount: byId("journal-count"),
    journalForm: byId("journal-form"),
    journalText: byId("journal-text"),
    confidence: byId("confidence"),
    journalCards: byId("journal-cards"),
    predictYes: byId("predict-yes"),
    predictNo: byId("predict-no"),
    journalButton: byId("journal-button"),
    journalNote: byId("journal-note"),
    journalEntries: byId("journal-entries"),
    ...neElements(),
  };
}

function readLibrary() {
  const list = readJson("rule-library");
  return Array.isArray(list) ? list : [];
}

/** The JSON in the page's block with this id, or null. */
function readJson(id) {
  const block = document.getElementById(id);
  try {
    return block ? JSON.parse(block.textContent) : null;
  } catch {
    return null;
  }
}

function start() {
  loadText(document.getElementById("tablet-text"));
  addText(document.getElementById("ne-text"));
  const ui = elements();
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
  };
  const redraw = () => local.view && (render(local.view, ui, local), renderPredict(local.view, local));
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
  setupJournal(ui, connection.socket, local, { say, redraw });
  setupDealer(ui, actions, local, { say, redraw, library: readLibrary() });
  setupTurn(ui, local, page);
  setupNe(ui, local, page);
  setupPredict(actions, local, page);
  setupBuilder(connection.socket, () => local.view);
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
      show(ui.game, true);
      page.redraw();
    },
    events(list) {
      for (const event of list) {
        if (event.kind === "dealt") Object.assign(local, { feed: [], feedSeq: 0, outcome: null });
        if (event.seq <= local.feedSeq) continue;
        local.feed.push(event);
        local.feedSeq = event.seq;
        tell(local, page.notice, event);
      }
      local.feed = local.feed.slice(-FEED_LIMIT);
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
      if (ui.noPlayDialog.open) ui.noPlayDialog.close();
      for (const region of [ui.connection, ui.game, ui.problem, ui.paused]) show(region, false);
      ui.rejoinMessage.textContent = gone ? t(`refused_${reason}`) : message || t("refused");
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
  ui.playButton.addEventListener("click", () => {
    if (isNe(local.view)) {
      if (playString(local, page)) local.outcome = null;
    } else if (local.selected && actions.send("play", { card: local.selected })) local.outcome = null;
  });
  setupNoPlay(ui, () => {
    if (isNe(local.view) ? sendNoPlay(page) : actions.send("no_play")) local.outcome = null;
  });
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

/** News in one event: the outcome of my own play (kept until my next action), or a notice. */
function tell(local, notice, event) {
  const outcome = outcomeOf(local.view, event);
  if (outcome) local.outcome = outcome;
  const news = noticeOf(local.view, event);
  if (news) notice.say(news);
}

/** "No play" costs a card when wrong: it is sent only once the student confirms it. */
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
