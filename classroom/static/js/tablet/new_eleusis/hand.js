// New Eleusis: a string of 1 to 4 cards chosen from the hand in order. Each chosen card wears
// its place in the string (1, 2, 3, 4) as a badge, not only a colour; tapping a chosen card
// takes it out and the later ones move up.

import { fill, h } from "../../shared/dom.js";
import { t, tNodes, tnNodes } from "../../shared/text.js";
import { cardsInline } from "./feed.js";

/** The tablet's own New Eleusis state, kept in `local.ne`. */
export function newNeState() {
  return { string: [], dealerCard: null, key: "", full: false };
}

/** The most cards a string may hold. */
export function maxString(view) {
  return view.max_string || 4;
}

/** A tap on a hand button: take it into the string, or out of it; a card past the string's
 * most is refused, and the tablet says why (`full`). */
export function toggleInString(view, local, button) {
  const string = local.ne.string;
  const order = Number(button.dataset.order || 0);
  local.ne.full = !order && string.length >= maxString(view);
  if (order) string.splice(order - 1, 1);
  else if (!local.ne.full) string.push(button.dataset.card);
}

/** Mark the hand's buttons with their place in the string; drop cards no longer in the hand. */
export function renderNeHand(view, ui, local, choosable) {
  const buttons = [...ui.hand.querySelectorAll("button[data-card]")];
  const left = buttons.map((button) => button.dataset.card);
  // A card that left the hand (played, or the hand changed) leaves the string too.
  local.ne.string = local.ne.string.filter((card) => {
    const at = left.indexOf(card);
    if (at < 0) return false;
    left.splice(at, 1);
    return true;
  });
  // The turn went on (or never came): the string is dropped. While a play is in flight the
  // buttons only wait, so a refused string is still there to change.
  if (!view.can.play) local.ne.string = [];
  // Two decks: the same card may be twice in a hand and twice in the string.
  const places = new Map();
  local.ne.string.forEach((card, at) => places.set(card, [...(places.get(card) || []), at + 1]));
  for (const button of buttons) {
    const queue = places.get(button.dataset.card) || [];
    const order = queue.shift() || 0;
    button.dataset.order = order ? String(order) : "";
    button.setAttribute("aria-pressed", String(Boolean(order)));
    button.classList.toggle("selected", Boolean(order));
    button.classList.toggle("in-string", Boolean(order));
    let badge = button.querySelector(".order-badge");
    if (order && !badge) badge = button.appendChild(h("span", { class: "order-badge", "aria-hidden": "true" }));
    if (badge) badge.textContent = order ? String(order) : "";
    if (badge && !order) badge.remove();
    const base = button.dataset.label || button.getAttribute("aria-label");
    button.dataset.label = base;
    button.setAttribute("aria-label", order ? `${base}, ${t("ne_order", { n: order })}` : base);
    button.disabled = !choosable;
  }
  const string = local.ne.string;
  if (string.length < maxString(view)) local.ne.full = false;
  fill(
    ui.selectedCard,
    string.length ? tNodes("ne_string_is", { cards: cardsInline(string) }) : [],
    local.ne.full ? [" ", h("strong", { class: "string-full" }, tnNodes("ne_string_full", maxString(view)))] : [],
  );
}

/** Play (with the number of cards), Clear, No card fits, Become prophet. */
export function renderNeActions(view, ui, local) {
  const { can } = view;
  const count = local.ne.string.length;
  ui.playButton.textContent =
    count === 0 ? t("ne_play_button") : count === 1 ? t("ne_play_one") : t("ne_play_n", { n: count });
  ui.playButton.disabled = local.busy || !can.play || count === 0;
  ui.noPlayButton.textContent = t("ne_no_play_button");
  ui.neClear.disabled = local.busy || count === 0;
  ui.neDeclare.hidden = !can.declare;
  ui.neDeclare.disabled = local.busy || !can.declare;
}
