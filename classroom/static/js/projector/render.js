// Drawing the projector view: one tile per group, laid out so that 1 to 12 groups fill the
// screen without scrolling, a page at a time when they do not all fit readably (pages.js).
// Text only through textContent (via h()), never markup.

import { cardName, isRed, parseCard, rankLetter } from "../shared/cards.js";
import { append, h, show } from "../shared/dom.js";
import { t } from "../shared/text.js";
import { fitGroups } from "./fit.js";
import { ownTile } from "./games.js";
import * as ne from "./new_eleusis/tile.js";
import { layOut } from "./pages.js";
import { ruleWords } from "./rule.js";

export { fitGroups };

// U+FE0E asks for the text form of the glyph, so ♥ is not drawn as a coloured emoji.
const GLYPHS = { S: "\u2660\uFE0E", H: "\u2665\uFE0E", D: "\u2666\uFE0E", C: "\u2663\uFE0E" };

// The tiles drawn last, by group id: a view where one group changed redraws and refits one tile.
// A play is sent to the projector as the whole class view; refitting twelve long tiles takes
// a good part of a second, one tile a few milliseconds.
let drawn = new Map();
// The groups, their rounds and the join panel last drawn: when they change, the number of
// tiles per page is measured again.
let arrangement = "";

/** Draw the whole class; `refit` fits every tile again (the window changed size). */
export function render(view, els, { refit = false } = {}) {
  els.className.textContent = view.name;
  show(els.ended, view.ended);
  show(els.join, view.joining);
  show(els.lateJoin, view.open_to_join && !view.joining);
  if (view.join_code) {
    els.joinCode.textContent = view.join_code;
    els.lateCode.textContent = view.join_code;
  }
  const ids = view.groups.map((group) => group.id);
  const now = JSON.stringify([view.joining, view.groups.map((group) => [group.id, group.round])]);
  const measure = refit || now !== arrangement;
  arrangement = now;
  const entries = new Map();
  for (const group of view.groups) {
    const key = JSON.stringify(group);
    const before = drawn.get(group.id);
    if (!refit && before && before.key === key) {
      entries.set(group.id, before);
      continue;
    }
    // The same round only grows: the sizes that fitted before are tried first.
    const same = !refit && before && before.round === group.round && before.fitted;
    const hint = same ? { ...before.element.dataset, shape: before.fitted } : null;
    entries.set(group.id, { key, group, element: groupTile(group), round: group.round, fitted: null, hint });
  }
  drawn = entries;
  layOut(entries, ids, els, { joining: view.joining, measure });
}

/** A round over, or the whole class ended (its rounds were ended with it). */
function isOver(group) {
  return group.status === "over" || group.status === "ended";
}

function seatName(seat) {
  return seat.name ?? t("player", { n: seat.number });
}

function nameOf(group, key) {
  const seat = group.seats.find((s) => s.seat === key);
  return seat ? seatName(seat) : "?";
}

function groupTile(group) {
  const tile = h(
    "article",
    {
      class: `group status-${group.status}`,
      role: "listitem",
      dataset: { groupId: String(group.id), status: group.status },
      "aria-label": group.name,
    },
    h(
      "header",
      { class: "group-head" },
      h("h2", { class: "group-name" }, group.name),
      ne.gameTag(group),
      counts(group),
      h("p", { class: "group-status" }, t(`status_${group.status}`)),
    ),
  );
  append(tile, [news(group), ne.prophetLine(group, nameOf)]);
  if (group.rule) append(tile, [h("p", { class: "rule" }, t("rule", { text: ruleWords(group) }))]);
  if (group.mainline.length > 0) append(tile, [table(group)]);
  append(tile, [seatList(group)]);
  return tile;
}

// --- what just happened, and what the table waits for -----------------------------------------

/** The line under the title: who chooses, who guesses, the latest verdict, the counts. */
function news(group) {
  const items = happenings(group);
  if (items.length === 0) return null;
  return append(h("p", { class: "news" }), items);
}

function happenings(group) {
  const items = [];
  if (group.status === "choosing_rule" && group.dealing) {
    items.push(h("span", { class: "now big" }, t("choosing", { name: nameOf(group, group.dealing) })));
  }
  if (isOver(group) && group.end_reason) {
    const name = group.winner ? nameOf(group, group.winner) : "";
    items.push(h("span", { class: "now end" }, t(`end_${group.end_reason}`, { name })));
    return items;
  }
  const own = ownTile(group);
  if (own) return items.concat(own.happenings(group, nameOf, shortText));
  const waiting = waitingFor(group);
  if (waiting) items.push(waiting);
  else if (group.verdict) items.push(verdictLine(group, group.verdict));
  if (group.guesser && group.status === "guess_window") {
    items.push(h("span", { class: "now guessing" }, t("may_guess", { name: nameOf(group, group.guesser) })));
  }
  return items;
}

function waitingFor(group) {
  if (group.status === "guess" && group.guesser) {
    return h("span", { class: "now guessing" }, t("guessing", { name: nameOf(group, group.guesser) }));
  }
  if (!group.pending) return null;
  const name = nameOf(group, group.pending.seat);
  const words = group.pending.card
    ? t("waiting_card", { name, card: shortText(group.pending.card) })
    : t("waiting_no_play", { name });
  return h("span", { class: "now waiting" }, words);
}

function verdictLine(group, verdict) {
  const name = nameOf(group, verdict.seat);
  const mark = verdict.right ? "✓" : "✗";
  let words;
  if (verdict.kind === "guess") words = t(verdict.right ? "guess_right" : "guess_wrong", { name });
  else if (verdict.kind === "no_play" && verdict.card)
    words = t("no_play_wrong_card", { name, card: shortText(verdict.card) });
  else if (verdict.kind === "no_play") words = t(verdict.right ? "no_play_right" : "no_play_wrong", { name });
  else words = t(verdict.right ? "play_right" : "play_wrong", { name, card: shortText(verdict.card) });
  return h(
    "span",
    { class: `now verdict ${verdict.right ? "right" : "wrong"}` },
    h("span", { class: "mark", "aria-hidden": "true" }, mark),
    ` ${words}`,
  );
}

/** How many hints the dealer gave and guesses were made: beside the group's name. */
function counts(group) {
  if (group.mainline.length === 0) return null;
  return h(
    "p",
    { class: "counts" },
    h("span", { class: `count-word${group.hints ? "" : " zero"}` }, t("hints_total", { n: group.hints })),
    " ",
    // Some games have no guesses (New Eleusis: the rule is found by playing).
    ownTile(group)?.hasGuesses === false
      ? null
      : h("span", { class: `count-word${group.guesses ? "" : " zero"}` }, t("guesses_total", { n: group.guesses })),
  );
}

/** "D♥" on a Polish page: the rank as printed on the room's decks. */
function shortText(card) {
  const { rank, suit } = parseCard(card);
  return rankLetter(rank) + (GLYPHS[suit] ?? suit);
}

// --- the table: the whole mainline, each sideline under its card --------------------------------

function table(group) {
  const list = h("ol", { class: "table", "aria-label": t("mainline") });
  const last = group.mainline.length - 1;
  group.mainline.forEach((card, index) => {
    const numbers = ne.numbersAt(group, index);
    const marks = ne.cardMarks(group, numbers.main);
    const column = h("li", { class: "column" }, cardBox(card, index === last ? "main newest" : "main", marks));
    const side = group.sidelines[index] || [];
    if (side.length > 0) {
      const under = h("ol", { class: "sideline", "aria-label": t("sideline_under", { card: cardName(card) }) });
      side.forEach((rejected, at) => {
        under.append(h("li", {}, cardBox(rejected, "side", ne.cardMarks(group, numbers.side[at]))));
      });
      column.append(under);
    }
    list.append(column);
  });
  for (const pending of ne.pendingCards(group)) {
    const label = t("pending_card", { card: cardName(pending) });
    list.append(h("li", { class: "column" }, cardBox(pending, "main pending", { nodes: [], words: [] }, label)));
  }
  return list;
}

/** A card; `marks` are a New Eleusis card's marker flag and prophet's crown (ne.cardMarks). */
function cardBox(text, extra, marks = { nodes: [], words: [] }, label = cardName(text)) {
  const { rank, suit } = parseCard(text);
  const colour = isRed(text) ? "red" : "black";
  const marked = marks.nodes.length > 0 ? " marked" : "";
  return h(
    "span",
    {
      class: `pcard ${colour} ${extra}${marked}`,
      role: "img",
      "aria-label": [label, ...marks.words].join(", "),
      dataset: { card: text },
    },
    h("span", { class: "rank", "aria-hidden": "true" }, rankLetter(rank)),
    h("span", { class: "suit", "aria-hidden": "true" }, GLYPHS[suit] ?? suit),
    ...marks.nodes,
  );
}

// --- the seats ----------------------------------------------------------------------------------

function seatList(group) {
  if (group.seats.length === 0) return h("p", { class: "no-seats" }, t("no_seats"));
  const list = h("ul", { class: "seats" });
  for (const seat of group.seats) list.append(seatChip(group, seat));
  return list;
}

function seatChip(group, seat) {
  const name = seatName(seat);
  // While a guess is open the guesser acts, not the next player on turn.
  const guessing = group.status === "guess_window" || group.status === "guess";
  const turn = (guessing ? group.guesser : group.turn) === seat.seat && !isOver(group);
  const dealer = group.dealer === seat.seat || group.dealing === seat.seat;
  const winner = group.winner === seat.seat;
  const { prophet, expelled } = ne.seatMarks(seat);
  const classes = ["seat", seat.online ? "online" : "offline"];
  if (turn) classes.push("turn");
  if (winner) classes.push("winner");
  if (prophet) classes.push("prophet");
  if (expelled) classes.push("expelled");
  const playing = seat.cards !== null && seat.cards !== undefined;
  // A student dealer holds no cards but scores too.
  const scored = seat.score !== null && seat.score !== undefined;
  const words = [playing ? t("seat_cards", { name, cards: seat.cards, score: seat.score }) : name];
  if (!playing && scored) words.push(points(seat.score));
  words.push(seat.online ? t("online") : t("offline"));
  if (turn) words.push(t("turn"));
  if (dealer) words.push(t("dealer"));
  if (winner) words.push(t("winner"));
  if (prophet) words.push(t("ne_prophet_word"));
  if (expelled) words.push(t("ne_out"));
  return h(
    "li",
    { class: classes.join(" "), title: words.join(", "), "aria-label": words.join(", ") },
    h("span", { class: "dot", "aria-hidden": "true" }, seat.online ? "●" : "○"),
    turn ? h("span", { class: "mark", "aria-hidden": "true" }, "▶") : null,
    winner ? h("span", { class: "mark", "aria-hidden": "true" }, "★") : null,
    prophet ? h("span", { class: "mark crown", "aria-hidden": "true" }, "♛") : null,
    h("span", { class: "name", "aria-hidden": "true" }, name),
    expelled ? h("span", { class: "out", "aria-hidden": "true" }, t("ne_out")) : null,
    playing ? h("span", { class: "count", "aria-hidden": "true" }, String(seat.cards)) : null,
    scored ? h("span", { class: "score", "aria-hidden": "true" }, points(seat.score)) : null,
    !playing && dealer ? h("span", { class: "role", "aria-hidden": "true" }, t("dealer")) : null,
  );
}

// The plural rules of the page's language pick the word form ("1 point", "2 points"; Polish and
// Russian have more forms, Japanese one); the page holds each form its language has.
const plurals = new Intl.PluralRules(document.documentElement.lang || "en");

/** "1 point", "5 points": the form the page's language uses for `n`. */
export function points(n) {
  const key = `points_${plurals.select(n)}`;
  return t(t(key) === key ? "points_other" : key, { n });
}
