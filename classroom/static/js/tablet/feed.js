// "What happened": the table's public events in words, told from this tablet's point of view
// ("You played 7♥" on the player's own tablet, "Ana played 7♥" on the others).

import { cardInline } from "../shared/cards.js";
import { fill, h } from "../shared/dom.js";
import { tNodes, tnNodes } from "../shared/text.js";
import { newHandFewer, perWrongCard, wrongNoPlayCost } from "./costs.js";
import { nameOf } from "./names.js";
import { isNe, neDescribe } from "./new_eleusis/feed.js";
import { skippedText } from "./notices.js";

const SHOWN = 8;
const KEYS = {
  judged: (event) => (event.correct ? "ev_correct" : "ev_wrong"),
  no_play_judged: (event) => (event.right ? "ev_no_play_right" : "ev_no_play_wrong"),
  guessed: () => "ev_guessed",
  guess_judged: (event) => (event.right ? "ev_guess_right" : "ev_guess_wrong"),
  guess_passed: () => "ev_guess_passed",
};
// The lines with a number: what the verdict cost, in the table's game.
const COUNTS = {
  judged: (view, event) => (event.correct ? null : perWrongCard(view)),
  no_play_judged: (view, event) => (event.right ? newHandFewer(view) : wrongNoPlayCost(view)),
};

/**
 * The newest events, newest first, into the list `element`; `guessWords` (guess_words.js), if
 * given, says a guess built by taps in words.
 */
export function renderRecent(view, element, feed, guessWords = null) {
  const lines = feed.map((event, at) => describe(view, event, feed[at - 1], guessWords)).filter(Boolean);
  fill(element, lines.slice(-SHOWN).reverse().map((line) => h("li", {}, line)));
}

/**
 * One public event in words (a list of strings and nodes), or null for those not worth a line.
 * `before` is the event just before it (a prophet's call reads differently after a no-play).
 */
export function describe(view, event, before = null, guessWords = null) {
  const told = isNe(view) ? neDescribe(view, event, before) : undefined;
  if (told !== undefined) return told;
  switch (event.kind) {
    case "dealt":
      return tNodes("ev_dealt", { card: cardInline(event.starter) });
    case "hint":
      return tNodes("ev_hint", { text: event.text });
    case "deck_added":
      return tNodes("ev_deck_added");
    case "turn_skipped":
      return skippedText(view, event);
    default:
      break;
  }
  const key = KEYS[event.kind];
  if (!key) return null;
  const mine = event.seat === view.me ? "_me" : "";
  const params = {
    name: nameOf(view, event.seat),
    card: event.card ? cardInline(event.card) : null,
    text: (event.kind === "guessed" && guessWords && guessWords.wordsOf(event.text)) || event.text,
  };
  const count = COUNTS[event.kind] ? COUNTS[event.kind](view, event) : null;
  if (count !== null) return tnNodes(`${key(event)}${mine}`, count, params);
  return tNodes(`${key(event)}${mine}`, params);
}
