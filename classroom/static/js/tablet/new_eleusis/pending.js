// New Eleusis: the string or no-play waiting, shown to the whole table in the order played,
// with the prophet's call and the card the prophet pointed to. The prophet calls it here (two
// big buttons) and points to a card of a shown hand; a student dealer gives the verdict here.

import { cardFace, cardInline, sortHand } from "../../shared/cards.js";
import { fill, h, show } from "../../shared/dom.js";
import { t, tNodes } from "../../shared/text.js";
import { nameOf } from "../names.js";

/** The verdict this tablet's dealer owes now: "play", "no_play", "point", or null. */
export function verdictDue(view) {
  return view.dealer === view.me && view.verdict_due ? view.verdict_kind : null;
}

/** Whether the dealer's Wrong needs a card chosen from the shown hand first. */
export function wrongNeedsCard(view) {
  const kind = verdictDue(view);
  if (kind === "point") return true;
  // The prophet said "there is one" (call false): a Wrong sends the prophet to point instead.
  return kind === "no_play" && view.pending && view.pending.call !== false;
}

function callLine(pending) {
  if (pending.call === null || pending.call === undefined) return "";
  if (pending.no_play) return t(pending.call ? "ne_says_no_card" : "ne_says_there_is");
  return t(pending.call ? "ne_says_right" : "ne_says_wrong");
}

/** The waiting string or no-play, and the buttons of whoever must act on it. */
export function renderNePending(view, ui, local) {
  const pending = view.mode === "new_eleusis" ? view.pending : null;
  show(ui.nePending, Boolean(pending));
  if (!pending) return;
  const ne = local.ne;
  const key = `${view.round}:${view.seq}:${view.status}`;
  if (ne.key !== key) Object.assign(ne, { key, dealerCard: null });
  const mine = pending.seat === view.me ? "_me" : "";
  const kind = verdictDue(view);
  ui.neQuestion.textContent = kind
    ? t(`ne_judge_${kind}`, { name: nameOf(view, pending.seat) })
    : t(`${pending.no_play ? "ne_pending_no_play" : "ne_pending_play"}${mine}`, { name: nameOf(view, pending.seat) });
  renderString(ui, pending.cards || []);
  renderShown(view, ui, local, pending);
  const said = [callLine(pending), pending.pointed ? tNodes("ne_pointed", { card: cardInline(pending.pointed) }) : []];
  fill(ui.neCall, said[0], said[0] && pending.pointed ? " " : "", said[1]);
  show(ui.neCall, Boolean(said[0] || pending.pointed));

  const off = local.busy || view.paused;
  show(ui.neCallButtons, view.can.call);
  ui.neCallRightText.textContent = t(pending.no_play ? "ne_call_no_card" : "ne_call_right");
  ui.neCallWrongText.textContent = t(pending.no_play ? "ne_call_there_is" : "ne_call_wrong");
  ui.neCallRight.disabled = off;
  ui.neCallWrong.disabled = off;

  show(ui.neJudgeButtons, Boolean(kind));
  if (!kind) return;
  const needsCard = wrongNeedsCard(view);
  ui.neJudgeRightText.textContent = t(kind === "no_play" ? "ne_right_no_card" : "verdict_right_button");
  fill(
    ui.neJudgeWrongText,
    kind === "play"
      ? t("verdict_wrong_button")
      : !needsCard
        ? t("ne_must_point")
        : ne.dealerCard
          ? tNodes("ne_wrong_play", { card: cardInline(ne.dealerCard) })
          : t("ne_wrong_pick"),
  );
  ui.neJudgeRight.disabled = off;
  ui.neJudgeWrong.disabled = off || (needsCard && !ne.dealerCard);
}

function renderString(ui, cards) {
  show(ui.neString, cards.length > 0);
  const key = cards.join(",");
  if (ui.neString.dataset.key === key) return;
  ui.neString.dataset.key = key;
  fill(
    ui.neString,
    cards.map((card, at) =>
      h(
        "div",
        { class: "ne-string-card", role: "listitem" },
        cardFace(card, { classes: "large" }),
        h("span", { class: "order-badge", "aria-hidden": "true" }, String(at + 1)),
      ),
    ),
  );
}

/** A no-play's shown hand: buttons the prophet points with, or the dealer picks a card from. */
function renderShown(view, ui, local, pending) {
  const hand = pending.no_play ? sortHand(pending.hand || []) : [];
  show(ui.neShown, hand.length > 0);
  const key = hand.join(",");
  if (ui.neShown.dataset.key !== key) {
    ui.neShown.dataset.key = key;
    fill(
      ui.neShown,
      hand.map((card) => cardFace(card, { tag: "button", classes: "in-hand", type: "button", dataset: { card } })),
    );
  }
  const picking = wrongNeedsCard(view);
  const tappable = (view.can.point || picking) && !local.busy;
  const chosen = picking ? local.ne.dealerCard : pending.pointed;
  let marked = false;
  for (const button of ui.neShown.children) {
    const card = button.dataset.card;
    const selected = !marked && card === chosen;
    marked = marked || selected;
    button.setAttribute("aria-pressed", String(selected));
    button.classList.toggle("selected", selected);
    button.classList.toggle("pointed", card === pending.pointed);
    // The dealer names a right card other than the one the prophet chose.
    button.disabled = !tappable || (picking && view.verdict_kind === "point" && card === pending.pointed);
  }
}
