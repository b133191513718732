// Saying at once what just happened. The result of this tablet's own play is written big next
// to the hand and stays until its next action; news for the whole table (a hint, a verdict on a
// guess, a pause) shows on top of the page for a while. Both regions are live: screen readers
// read them out.

import { cardInline } from "../shared/cards.js";
import { fill } from "../shared/dom.js";
import { tn, tNodes, tnNodes } from "../shared/text.js";
import { penaltyDrawn } from "./costs.js";
import { nameOf } from "./names.js";
import { cardsInline, isNe, neNoticeOf, neOutcomeOf } from "./new_eleusis/feed.js";

const NOTICE_MS = 9000;

/**
 * The outcome of one of my own plays in `event`, as {key, card, count} (`count`: the penalty
 * cards drawn, for a text with a number), or null. `after`: the events that came with it.
 */
export function outcomeOf(view, event, after = []) {
  if (!view || event.seat !== view.me) return null;
  if (isNe(view)) return neOutcomeOf(view, event, after);
  switch (event.kind) {
    case "judged":
      if (event.correct) return { key: "out_correct", card: event.card };
      return { key: "out_wrong", card: event.card, count: penaltyDrawn(view, event, after) };
    case "no_play_judged":
      if (event.right) return { key: "out_no_play_right" };
      return { key: "out_no_play_wrong", card: event.card, count: penaltyDrawn(view, event, after) };
    case "guess_judged":
      return { key: event.right ? "ev_guess_right_me" : "ev_guess_wrong_me" };
    default:
      return null;
  }
}

/**
 * The outcome in words; a right no-play says the size of the new hand, a wrong string what
 * each of its cards cost.
 */
export function outcomeText(outcome, handSize) {
  let key = outcome.key;
  if (key === "out_no_play_right" && handSize <= 1) {
    key = handSize === 1 ? "out_no_play_right_one" : "out_no_play_right_none";
  }
  const cards = outcome.cards ? cardsInline(outcome.cards) : "";
  const params = { card: outcome.card ? cardInline(outcome.card) : "", cards };
  if (outcome.count === undefined) return tNodes(key, { ...params, n: handSize });
  const said = tnNodes(key, outcome.count, params);
  if (!outcome.per) return said;
  // Japanese leaves no space after its full stop.
  const last = String(said[said.length - 1]);
  return [...said, /[。！？]$/u.test(last) ? "" : " ", tn("ne_string_cost", outcome.per)];
}

/**
 * My own play while it waits for its verdict (the others predict, the prophet calls, the dealer
 * judges), in words next to the hand; nothing when none of mine waits.
 */
export function waitingText(view) {
  const pending = view.pending;
  if (!pending || pending.seat !== view.me || view.status === "judging_guess") return [];
  const cards = pending.cards || (pending.card ? [pending.card] : []);
  if (pending.no_play || !cards.length) return tNodes("my_no_play_waits");
  return tNodes("my_play_waits", { cards: cardsInline(cards) });
}

/** A notice for the whole table in `event` (a hint, a skipped turn, a verdict on a guess), or
 * null. */
export function noticeOf(view, event) {
  if (!view) return null;
  if (event.kind === "hint") return tNodes("notice_hint", { text: event.text });
  if (event.kind === "turn_skipped") return skippedText(view, event);
  if (isNe(view)) return neNoticeOf(view, event);
  if (event.kind !== "guess_judged") return null;
  const mine = event.seat === view.me ? "_me" : "";
  const key = `${event.right ? "ev_guess_right" : "ev_guess_wrong"}${mine}`;
  return tNodes(key, { name: nameOf(view, event.seat) });
}

/** The teacher skipped a turn: whose, said from this tablet's point of view. */
export function skippedText(view, event) {
  if (event.seat === view.me) return tNodes("ev_turn_skipped_me");
  return tNodes("ev_turn_skipped", { name: nameOf(view, event.seat) });
}

/** The notice line on top of the page: `say(nodes)` shows it for a while. */
export function createNotice(element) {
  let timer = null;
  return {
    say(nodes) {
      fill(element, nodes);
      clearTimeout(timer);
      timer = setTimeout(() => fill(element), NOTICE_MS);
    },
    clear() {
      clearTimeout(timer);
      fill(element);
    },
  };
}

/** A notice when the teacher pauses or resumes the game (not on the first view shown). */
export function pauseNotice(before, after) {
  if (!before || Boolean(before.paused) === Boolean(after.paused)) return null;
  return tNodes(after.paused ? "notice_paused" : "notice_resumed");
}
