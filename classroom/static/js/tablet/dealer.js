// The student dealer's screens: choosing the secret rule (from the library, in the rule
// language, or in plain words), then judging every play, no-play and guess with large Right
// and Wrong buttons. A verdict the rule contradicts comes back with a warning to confirm.

import { cardFace, cardInline, sortHand } from "../shared/cards.js";
import { fill, h, show } from "../shared/dom.js";
import { t, tNodes } from "../shared/text.js";
import { nameOf } from "./names.js";
import { ownTable } from "./games.js";

const VERDICT_KINDS = { judging_play: "play", judging_no_play: "no_play", judging_guess: "guess" };

/** The dealer's own state, kept in `local.dealer`. */
export function newDealerState() {
  return { kind: "library", ruleId: null, key: "", card: null, confirm: null };
}

/** Whether this tablet deals the running round. */
export function isDealer(view) {
  return Boolean(view.dealer) && view.dealer === view.me && view.status !== "choosing_rule";
}

/** Wire the rule chooser and the verdict buttons to `actions`. */
export function setupDealer(ui, actions, local, { say, redraw, library }) {
  const dealer = local.dealer;
  fill(ui.libraryList, library.map(libraryItem));
  ui.libraryList.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-rule]");
    if (!button || button.disabled) return;
    dealer.ruleId = button.dataset.rule;
    redraw();
  });
  ui.ruleTabs.addEventListener("click", (event) => {
    const tab = event.target.closest("button[data-kind]");
    if (!tab) return;
    dealer.kind = tab.dataset.kind;
    show(ui.ruleError, false);
    redraw();
  });
  ui.dealButton.addEventListener("click", () => {
    const text = {
      library: dealer.ruleId || "",
      language: ui.ruleLanguage.value.trim(),
      free: ui.ruleFree.value.trim(),
    }[dealer.kind];
    if (!text) {
      say(t(dealer.kind === "library" ? "pick_rule" : "write_rule"));
      return;
    }
    show(ui.ruleError, false);
    actions.sendAs("choose_rule", { kind: dealer.kind, text });
  });

  const judge = (right) => {
    const kind = VERDICT_KINDS[local.view && local.view.status];
    if (!kind) return;
    const card = kind === "no_play" && !right ? dealer.card : null;
    if (kind === "no_play" && !right && !card) {
      say(t("pick_card_for_them"));
      return;
    }
    actions.sendAs("verdict", { kind, right, card, confirm: false });
  };
  ui.verdictRight.addEventListener("click", () => judge(true));
  ui.verdictWrong.addEventListener("click", () => judge(false));
  ui.shownHand.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (!button || button.disabled) return;
    dealer.card = dealer.card === button.dataset.card ? null : button.dataset.card;
    redraw();
  });
  ui.confirmYes.addEventListener("click", () => {
    if (!dealer.confirm) return;
    // A new action id: the first try was answered (not applied), this is a new decision.
    actions.sendAs("verdict", { ...dealer.confirm.fields, confirm: true });
  });
  ui.confirmNo.addEventListener("click", () => {
    dealer.confirm = null;
    redraw();
  });
}

/** The server asked to confirm a verdict the rule contradicts. */
export function askToConfirm(local, payload, message) {
  const fields = { ...payload };
  delete fields.action_id;
  local.dealer.confirm = { fields, message };
}

/** A choose_rule or verdict answer came back. */
export function dealerActionDone(local) {
  local.dealer.confirm = null;
  local.dealer.card = null;
}

/** A rule the server refused: rule-language errors keep their caret excerpt in a monospace block. */
export function showRuleError(ui, local, message) {
  if (local.dealer.kind !== "language" || !message) return false;
  ui.ruleError.textContent = message;
  show(ui.ruleError, true);
  return true;
}

function libraryItem(rule) {
  return h(
    "li",
    {},
    h(
      "button",
      { type: "button", role: "radio", class: "library-rule", "aria-checked": "false", dataset: { rule: rule.id } },
      h("span", { class: "library-title" }, rule.title),
      h("span", { class: "library-text" }, rule.text),
      h("span", { class: `difficulty level-${rule.difficulty}` }, t("difficulty", { n: rule.difficulty })),
    ),
  );
}

/** The rule chooser, on the tablet whose turn it is to deal. */
export function renderChooser(view, ui, local) {
  const dealer = local.dealer;
  show(ui.ruleChooser, Boolean(view.choose_rule));
  if (!view.choose_rule) return;
  for (const tab of ui.ruleTabs.querySelectorAll("button[data-kind]")) {
    const selected = tab.dataset.kind === dealer.kind;
    tab.setAttribute("aria-selected", String(selected));
    tab.tabIndex = selected ? 0 : -1;
  }
  show(ui.panelLibrary, dealer.kind === "library");
  show(ui.panelLanguage, dealer.kind === "language");
  show(ui.panelFree, dealer.kind === "free");
  const off = local.busy || view.paused;
  for (const button of ui.libraryList.querySelectorAll("button[data-rule]")) {
    const chosen = button.dataset.rule === dealer.ruleId;
    button.setAttribute("aria-checked", String(chosen));
    button.classList.toggle("selected", chosen);
    button.disabled = off;
  }
  ui.ruleLanguage.disabled = off;
  ui.ruleFree.disabled = off;
  ui.dealButton.disabled = off;
}

/** The dealer's secret rule as the tablet shows it: one picked from the library in its words in
 * the page's language (`ruleTexts`, by rule id), never its code; one written by the dealer as
 * they wrote it. */
export function dealerRule(view, ruleTexts) {
  return (view.rule_id && ruleTexts[view.rule_id]) || view.rule || "";
}

/** "You are the dealer", the rule, and the verdict to give. */
export function renderDealer(view, ui, local) {
  const dealing = isDealer(view);
  show(ui.dealerArea, dealing);
  if (!dealing) return;
  ui.dealerRule.textContent = dealerRule(view, local.ruleTexts);
  // Some tables take the verdict in the waiting play's own panel (New Eleusis: pending.js).
  const inPanel = ownTable(view)?.judgesInPendingPanel;
  const kind = view.verdict_due && !inPanel ? VERDICT_KINDS[view.status] : null;
  show(ui.verdict, Boolean(kind));
  if (!kind) return;
  const dealer = local.dealer;
  const key = `${view.round}:${view.seq}:${view.status}`;
  if (dealer.key !== key) {
    dealer.key = key;
    dealer.card = null;
    dealer.confirm = null;
  }
  const pending = view.pending || {};
  const guesses = view.guesses || [];
  const who = kind === "guess" ? (guesses.length ? guesses[guesses.length - 1].seat : null) : pending.seat;
  ui.verdictQuestion.textContent = t(`judge_${kind}`, { name: nameOf(view, who) });
  ui.verdict.dataset.kind = kind;
  const cardKey = kind === "play" ? pending.card || "" : "";
  if (ui.verdictCard.dataset.key !== cardKey) {
    ui.verdictCard.dataset.key = cardKey;
    fill(ui.verdictCard, cardKey ? cardFace(cardKey, { classes: "large" }) : []);
  }
  show(ui.verdictCard, Boolean(cardKey));
  show(ui.verdictGuess, kind === "guess");
  ui.verdictGuess.textContent = kind === "guess" && guesses.length ? guesses[guesses.length - 1].text : "";
  renderShownHand(view, ui, dealer, kind);
  const off = local.busy || view.paused;
  show(ui.verdictButtons, !dealer.confirm);
  show(ui.verdictConfirm, Boolean(dealer.confirm));
  ui.confirmMessage.textContent = dealer.confirm ? dealer.confirm.message : "";
  ui.confirmYes.disabled = off;
  ui.confirmNo.disabled = off;
  ui.verdictRight.disabled = off;
  ui.verdictWrong.disabled = off || (kind === "no_play" && !dealer.card);
  ui.verdictRightText.textContent = t(kind === "no_play" ? "right_no_card" : "verdict_right_button");
  fill(
    ui.verdictWrongText,
    kind === "no_play"
      ? dealer.card
        ? tNodes("play_this_card", { card: cardInline(dealer.card) })
        : t("wrong_play_card")
      : t("verdict_wrong_button"),
  );
}

function renderShownHand(view, ui, dealer, kind) {
  const hand = kind === "no_play" ? sortHand(view.shown_hand || []) : [];
  show(ui.shownHand, hand.length > 0);
  const key = hand.join(",");
  if (ui.shownHand.dataset.key !== key) {
    ui.shownHand.dataset.key = key;
    fill(
      ui.shownHand,
      hand.map((card) =>
        cardFace(card, { tag: "button", classes: "in-hand", type: "button", dataset: { card }, "aria-pressed": "false" }),
      ),
    );
  }
  if (dealer.card && !hand.includes(dealer.card)) dealer.card = null;
  let marked = false;
  for (const button of ui.shownHand.children) {
    const selected = !marked && button.dataset.card === dealer.card;
    marked = marked || selected;
    button.setAttribute("aria-pressed", String(selected));
    button.classList.toggle("selected", selected);
    button.disabled = Boolean(dealer.confirm);
  }
}
