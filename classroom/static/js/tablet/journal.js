// The hypothesis journal: a student writes down what they think the rule is, how sure they
// are, and which card of their hand will test it with a prediction. The server sends the list
// back after every play, with whether each prediction came true and, for rule-language entries,
// whether the hypothesis fits the table and, once the checker has compared it with the secret
// rule ("journal_check", pushed when ready), whether it is the same rule. The draft lives in the form (a reconnection does not
// touch it) and in localStorage (a reload does not lose it either).

import { cardFace, cardInline, cardName, sortHand } from "../shared/cards.js";
import { fill, h, show } from "../shared/dom.js";
import { t, tNodes } from "../shared/text.js";

const DRAFT_KEY = "eleusis.journal-draft";
const ACK_TIMEOUT_MS = 6000;
const CONFIDENCE_LEVELS = 11;

/** The journal's own state, kept in `local.journal`. */
export function newJournalState() {
  return { entries: [], checks: {}, confidence: null, testCard: null, predicted: null, sending: false };
}

function saveDraft(ui, journal) {
  try {
    const draft = {
      text: ui.journalText.value,
      confidence: journal.confidence,
      test_card: journal.testCard,
      predicted: journal.predicted,
    };
    localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage can be switched off; the form still holds the draft.
  }
}

function loadDraft(ui, journal) {
  try {
    const draft = JSON.parse(localStorage.getItem(DRAFT_KEY) || "null");
    if (!draft) return;
    ui.journalText.value = typeof draft.text === "string" ? draft.text : "";
    journal.confidence = Number.isInteger(draft.confidence) ? draft.confidence : null;
    journal.testCard = typeof draft.test_card === "string" ? draft.test_card : null;
    journal.predicted = typeof draft.predicted === "boolean" ? draft.predicted : null;
  } catch {
    // A broken draft is dropped.
  }
}

function clearDraft(ui, journal) {
  ui.journalText.value = "";
  journal.confidence = null;
  journal.testCard = null;
  journal.predicted = null;
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** Wire the journal form: choices, draft keeping and sending over `socket`. */
export function setupJournal(ui, socket, local, { say, redraw }) {
  const journal = local.journal;
  loadDraft(ui, journal);
  fill(
    ui.confidence,
    Array.from({ length: CONFIDENCE_LEVELS }, (_, n) =>
      h("button", { type: "button", class: "button toggle level", dataset: { level: n }, "aria-pressed": "false" }, String(n)),
    ),
  );
  const changed = () => {
    saveDraft(ui, journal);
    redraw();
  };
  ui.journalText.addEventListener("input", () => saveDraft(ui, journal));
  // The checker's answers arrive on their own, seconds after the entry: kept by entry text,
  // since the journal sent after each play does not repeat them.
  socket.on("journal_check", (answer) => {
    if (!answer || typeof answer.text !== "string" || !answer.check) return;
    journal.checks[answer.text] = answer.check;
    redraw();
  });
  ui.confidence.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-level]");
    if (!button || button.disabled) return;
    const level = Number(button.dataset.level);
    journal.confidence = journal.confidence === level ? null : level;
    changed();
  });
  ui.journalCards.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (!button || button.disabled) return;
    journal.testCard = journal.testCard === button.dataset.card ? null : button.dataset.card;
    changed();
  });
  for (const button of [ui.predictYes, ui.predictNo]) {
    button.addEventListener("click", () => {
      const value = button === ui.predictYes;
      journal.predicted = journal.predicted === value ? null : value;
      changed();
    });
  }
  ui.journalForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = ui.journalText.value.trim();
    if (!text) {
      say(t("write_hypothesis"));
      ui.journalText.focus();
      return;
    }
    if (journal.sending) return;
    if (!socket.connected) {
      say(t("reconnecting"));
      return;
    }
    const payload = {
      text,
      confidence: journal.confidence,
      test_card: journal.testCard,
      predicted_accepted: journal.predicted,
    };
    journal.sending = true;
    ui.journalNote.textContent = "";
    redraw();
    socket.timeout(ACK_TIMEOUT_MS).emit("journal", payload, (error, reply) => {
      journal.sending = false;
      if (!error && reply && reply.ok) {
        say("");
        clearDraft(ui, journal);
        ui.journalNote.textContent = t("journal_saved");
      } else {
        // The draft stays: nothing is lost, the student can tap again.
        say((reply && reply.error) || t("not_applied"));
      }
      redraw();
    });
  });
}

/** Whether this tablet keeps a journal now: a player of a dealt round. */
function journalOpen(view, playing) {
  return playing && !["lobby", "choosing_rule"].includes(view.status);
}

/** Draw the journal panel: the form's choices and the entries, newest first. */
export function renderJournal(view, ui, local, playing) {
  const journal = local.journal;
  const open = journalOpen(view, playing);
  show(ui.journal, open);
  if (!open) return;
  const off = view.paused || journal.sending;
  for (const button of ui.confidence.children) {
    const pressed = Number(button.dataset.level) === journal.confidence;
    button.setAttribute("aria-pressed", String(pressed));
    button.disabled = off;
  }
  renderPicker(view, ui, journal, off);
  ui.predictYes.setAttribute("aria-pressed", String(journal.predicted === true));
  ui.predictNo.setAttribute("aria-pressed", String(journal.predicted === false));
  ui.predictYes.disabled = off;
  ui.predictNo.disabled = off;
  ui.journalText.disabled = view.paused;
  ui.journalButton.disabled = off;
  ui.journalCount.textContent = journal.entries.length ? `(${journal.entries.length})` : "";
  if (journal.checksRound !== view.round) {
    journal.checks = {}; // a new round has a new secret rule: earlier answers do not hold
    journal.checksRound = view.round;
  }
  for (const entry of journal.entries) {
    if (entry.verdict && entry.verdict.verdict !== "checking") journal.checks[entry.text] = entry.verdict;
  }
  const items = [...journal.entries].reverse().map((entry) => entryItem(entry, journal.checks));
  fill(ui.journalEntries, items.length ? items : h("li", { class: "none" }, t("journal_empty")));
}

function renderPicker(view, ui, journal, off) {
  const hand = [...new Set(sortHand(view.hand || []))];
  const key = hand.join(",");
  if (ui.journalCards.dataset.key !== key) {
    ui.journalCards.dataset.key = key;
    fill(
      ui.journalCards,
      hand.map((card) =>
        cardFace(card, { tag: "button", classes: "small pick", type: "button", dataset: { card }, "aria-pressed": "false" }),
      ),
    );
  }
  for (const button of ui.journalCards.children) {
    const pressed = button.dataset.card === journal.testCard;
    button.setAttribute("aria-pressed", String(pressed));
    button.classList.toggle("selected", pressed);
    button.disabled = off;
  }
}

function entryItem(entry, checks) {
  const meta = [];
  if (entry.confidence !== null && entry.confidence !== undefined) {
    meta.push(h("li", {}, t("confidence_of", { n: entry.confidence })));
  }
  if (entry.test_card) {
    meta.push(h("li", { "aria-label": t("test_with", { card: cardName(entry.test_card) }) }, tNodes("test_with", { card: cardInline(entry.test_card) })));
  }
  if (entry.predicted_accepted !== null && entry.predicted_accepted !== undefined) {
    meta.push(h("li", {}, t(entry.predicted_accepted ? "predict_accepted" : "predict_rejected")));
  }
  return h(
    "li",
    { class: "entry", dataset: { seq: entry.seq } },
    entry.words ? h("p", { class: "entry-words" }, entry.words) : null,
    h("p", { class: entry.words ? "entry-text entry-code" : "entry-text" }, entry.text),
    meta.length ? h("ul", { class: "entry-meta" }, meta) : null,
    outcome(entry),
    check(entry),
    verdict(checks[entry.text] || entry.verdict),
  );
}

function outcome(entry) {
  if (!entry.test_card) return null;
  if (entry.accepted === null || entry.accepted === undefined) {
    return h("p", { class: "outcome waiting" }, t("not_played_yet"));
  }
  const played = t(entry.accepted ? "was_accepted" : "was_rejected");
  if (entry.came_true === null || entry.came_true === undefined) {
    return h("p", { class: "outcome" }, played);
  }
  const verdict = entry.came_true ? "came_true" : "not_true";
  return h(
    "p",
    { class: `outcome ${entry.came_true ? "true" : "false"}` },
    `${played} `,
    h("strong", { class: "came-true" }, t(verdict)),
  );
}

function check(entry) {
  if (!entry.check) return null;
  const fits = Boolean(entry.check.consistent);
  return h(
    "p",
    { class: `check ${fits ? "fits" : "contradicts"}` },
    t(fits ? "fits_table" : "contradicts", { message: entry.check.message }),
  );
}

/** The checker's answer: same (proved), different (with a play to try), undecided, checking. */
function verdict(answer) {
  if (!answer || typeof answer.text !== "string") return null;
  return h(
    "p",
    { class: `verdict ${answer.verdict}`, dataset: { verdict: answer.verdict } },
    answer.text,
    answer.note ? h("span", { class: "verdict-note" }, ` ${answer.note}`) : null,
  );
}
