// The tablet's play page: finds its seat token, connects, and wires taps to actions.

import { createActions } from "./actions.js";
import { forgetSeat, openConnection, seatToken } from "./connection.js";
import {
  askToConfirm,
  dealerActionDone,
  newDealerState,
  setupDealer,
  showRuleError,
} from "./dealer.js";
import { show } from "./dom.js";
import { newJournalState, setupJournal } from "./journal.js";
import { render } from "./render.js";
import { loadText, t } from "./text.js";

const FEED_LIMIT = 50;

function elements() {
  const byId = (id) => document.getElementById(id);
  return {
    tablet: byId("tablet"),
    game: byId("game"),
    connection: byId("connection"),
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
  };
}

function readLibrary() {
  const block = document.getElementById("rule-library");
  try {
    const list = block ? JSON.parse(block.textContent) : [];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function start() {
  loadText(document.getElementById("tablet-text"));
  const ui = elements();
  const local = {
    view: null,
    selected: null,
    busy: false,
    feed: [],
    feedSeq: 0,
    journal: newJournalState(),
    dealer: newDealerState(),
  };
  const redraw = () => local.view && render(local.view, ui, local);
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

  let actions = null;
  const connection = openConnection(token, {
    state(view) {
      local.view = view;
      show(ui.game, true);
      redraw();
    },
    events(list) {
      for (const event of list) {
        if (event.kind === "dealt") {
          local.feed = [];
          local.feedSeq = 0;
        }
        if (event.seq <= local.feedSeq) continue;
        local.feed.push(event);
        local.feedSeq = event.seq;
      }
      local.feed = local.feed.slice(-FEED_LIMIT);
      redraw();
    },
    journal(entries) {
      local.journal.entries = entries;
      redraw();
    },
    problem: say,
    online(isOnline) {
      ui.connection.textContent = t(isOnline ? "connecting" : "reconnecting");
      show(ui.connection, !isOnline);
    },
    connected() {
      actions.resend();
    },
    refused(message) {
      forgetSeat();
      show(ui.connection, false);
      show(ui.game, false);
      ui.rejoinMessage.textContent = message || t("refused");
      show(ui.rejoin, true);
    },
  });

  actions = createActions(connection.socket, {
    busy(isBusy) {
      local.busy = isBusy;
      redraw();
    },
    done(payload, reply, event) {
      say("");
      if (payload.type === "play") local.selected = null;
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
  });

  setupJournal(ui, connection.socket, local, { say, redraw });
  setupDealer(ui, actions, local, { say, redraw, library: readLibrary() });

  ui.hand.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (!button || button.disabled) return;
    const card = button.dataset.card;
    local.selected = local.selected === card && button.getAttribute("aria-pressed") === "true" ? null : card;
    redraw();
  });
  ui.playButton.addEventListener("click", () => {
    if (local.selected) actions.send("play", { card: local.selected });
  });
  ui.noPlayButton.addEventListener("click", () => actions.send("no_play"));
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

start();
