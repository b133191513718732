// New Eleusis events in words: the "What happened" lines, the outcome of my own string next to
// the hand, and the news everybody should see (a new prophet, a prophet overthrown, a player out,
// a call an absent prophet never made).

import { cardInline } from "../../shared/cards.js";
import { h } from "../../shared/dom.js";
import { tNodes } from "../../shared/text.js";
import { penaltyDrawn, perWrongCard } from "../costs.js";
import { nameOf } from "../names.js";

/** Whether the view is of a New Eleusis table. */
export function isNe(view) {
  return Boolean(view) && view.mode === "new_eleusis";
}

/** A string of cards inside a sentence, in the order played. */
export function cardsInline(cards) {
  return h("span", { class: "cards-inline" }, cards.map((card, at) => [at ? " " : "", cardInline(card)]));
}

const LINES = {
  played: () => "ne_ev_played",
  no_play: () => "ne_ev_no_play",
  called: (event, before) =>
    before && before.kind === "no_play"
      ? event.right
        ? "ne_ev_called_no_card"
        : "ne_ev_called_there_is"
      : event.right
        ? "ne_ev_called_right"
        : "ne_ev_called_wrong",
  judged: (event) => (event.correct ? "ne_ev_correct" : "ne_ev_wrong"),
  no_play_judged: (event) =>
    event.right ? "ne_ev_no_play_right" : event.card ? "ne_ev_no_play_wrong" : "ne_ev_no_play_point",
  call_waived: (event) => (event.by === "app" ? "ne_ev_call_waived_app" : "ne_ev_call_waived_teacher"),
  pointed: () => "ne_ev_pointed",
  declared: () => "ne_ev_declared",
  overthrown: () => "ne_ev_overthrown",
  expelled: () => "ne_ev_expelled",
};

/** One New Eleusis event in words (`before`: the event before it); undefined for the events
 * both games share. */
export function neDescribe(view, event, before) {
  if (["dealt", "hint", "deck_added", "turn_skipped"].includes(event.kind)) return undefined;
  const line = LINES[event.kind];
  if (!line) return null;
  return tNodes(line(event, before), {
    name: nameOf(view, event.seat),
    card: event.card ? cardInline(event.card) : null,
    cards: event.cards ? cardsInline(event.cards) : null,
  });
}

/**
 * The outcome of my own string or no-play, as {key, card, cards, count, per}, or null. A wrong
 * one says the penalty cards drawn (`count`; for a string, `per` card of it too), or that the
 * prophet took the blame (`after`: the events that came with it).
 */
export function neOutcomeOf(view, event, after = []) {
  if (event.seat !== view.me) return null;
  if (event.kind === "judged") {
    if (event.correct) return { key: "ne_out_correct", cards: event.cards };
    const count = penaltyDrawn(view, event, after);
    return count
      ? { key: "ne_out_wrong", cards: event.cards, count, per: perWrongCard(view) }
      : { key: "ne_out_wrong_free", cards: event.cards };
  }
  if (event.kind !== "no_play_judged") return null;
  if (event.right) return { key: "out_no_play_right" };
  // No card yet: the prophet still has to point to the card that fits.
  if (!event.card) return null;
  const count = penaltyDrawn(view, event, after);
  return count
    ? { key: "out_no_play_wrong", card: event.card, count }
    : { key: "ne_out_no_play_wrong_free", card: event.card };
}

/** News for the whole table: a prophet declared or overthrown, a player expelled, a call the
 * absent prophet never made. */
export function neNoticeOf(view, event) {
  if (event.kind === "call_waived") return tNodes(LINES.call_waived(event), { name: nameOf(view, event.seat) });
  if (!["declared", "overthrown", "expelled"].includes(event.kind)) return null;
  return tNodes(`ne_ev_${event.kind}`, { name: nameOf(view, event.seat) });
}
