// Cards as the server writes them ("10H", "QS") and as a person reads them: rank, suit glyph,
// red suits in red, and a spoken name ("7 of hearts") for screen readers. The rank letters are
// those printed on the reader's decks (a Polish queen is D, a Russian jack В), from the page's
// words; the notation ("QS") stays the same in every language.

import { h } from "./dom.js";
import { t } from "./text.js";

// U+FE0E asks for the text form of the glyph, so ♥ is not drawn as a coloured emoji.
const GLYPHS = { S: "\u2660\uFE0E", H: "\u2665\uFE0E", D: "\u2666\uFE0E", C: "\u2663\uFE0E" };
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
// Suits sorted so that colours alternate in a hand: easier to tell apart at a glance.
const SUIT_ORDER = ["S", "H", "C", "D"];

/** {rank, suit} of "10H". */
export function parseCard(text) {
  return { rank: text.slice(0, -1), suit: text.slice(-1) };
}

/** True for hearts and diamonds. */
export function isRed(text) {
  const { suit } = parseCard(text);
  return suit === "H" || suit === "D";
}

/** The rank as printed on the reader's decks: "10", or the page's letter for A, J, Q, K. */
export function rankLetter(rank) {
  const key = `letter_${rank}`;
  const letter = t(key);
  return letter === key ? rank : letter;
}

/** "10♥", "D♥" on a Polish page. */
export function shortLabel(text) {
  const { rank, suit } = parseCard(text);
  return rankLetter(rank) + (GLYPHS[suit] ?? suit);
}

/** "10 of hearts", "queen of spades": the name a screen reader says. */
export function cardName(text) {
  const { rank, suit } = parseCard(text);
  const rankWord = /^\d+$/.test(rank) ? rank : t(`rank_${rank}`);
  return t("card", { rank: rankWord, suit: t(`suit_${suit}`) });
}

/** The hand sorted by suit, then rank (a copy). */
export function sortHand(hand) {
  const order = (text) => {
    const { rank, suit } = parseCard(text);
    return SUIT_ORDER.indexOf(suit) * 100 + RANKS.indexOf(rank);
  };
  return [...hand].sort((a, b) => order(a) - order(b));
}

/** The face of a card: index in the corner and a large suit glyph. `tag` is div or button. */
export function cardFace(text, { tag = "div", classes = "", label = cardName(text), ...props } = {}) {
  const { rank, suit } = parseCard(text);
  const colour = isRed(text) ? "red" : "black";
  const role = tag === "div" ? "img" : null;
  const glyph = GLYPHS[suit] ?? suit;
  // A button's spoken name starts with the text it shows ("K♠ king of spades"), so a person
  // using voice control can say what they see.
  const name = tag === "button" ? `${rankLetter(rank)}${glyph} ${label}` : label;
  return h(
    tag,
    { class: `playing-card ${colour} ${classes}`.trim(), role, "aria-label": name, ...props },
    h(
      "span",
      { class: "corner", "aria-hidden": "true" },
      h("span", { class: "rank" }, rankLetter(rank)),
      h("span", { class: "suit" }, glyph),
    ),
    h("span", { class: "pip", "aria-hidden": "true" }, glyph),
  );
}

/** A card inside a sentence: "7♥" in its colour, with its spoken name. */
export function cardInline(text) {
  const colour = isRed(text) ? "red" : "black";
  return h("span", { class: `card-inline ${colour}`, title: cardName(text) }, shortLabel(text));
}
