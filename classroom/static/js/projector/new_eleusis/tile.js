// What a New Eleusis tile adds on the projector: the game's tag, the prophet (♛) and the
// sudden-death count (⚠ while it comes, ☠ once on; glyphs the projector's fonts hold), the marker flags (⚑) on the 10th, 20th... card and the crown on the
// prophet's marked card, what the latest verdict and the prophet's call did. Nothing is told by
// colour alone: every mark has its glyph and its words.

import { h } from "../../shared/dom.js";
import { t } from "../../shared/text.js";

const plurals = new Intl.PluralRules(document.documentElement.lang || "en");

/** Whether the tile is a New Eleusis table. */
export function isNewEleusis(group) {
  return group.mode === "new_eleusis";
}

/** The game's name beside the group's name. */
export function gameTag(group) {
  return isNewEleusis(group) ? h("p", { class: "game-tag" }, t("ne_tag")) : null;
}

/** The prophet and the sudden-death count, on their own line (null before the deal). */
export function prophetLine(group, nameOf) {
  if (!isNewEleusis(group) || !group.sudden_death || group.status === "over" || group.status === "ended") return null;
  const line = h("p", { class: "ne-line" });
  if (group.prophet) {
    line.append(
      h(
        "span",
        { class: "prophet-now" },
        h("span", { class: "crown", "aria-hidden": "true" }, "♛"),
        ` ${t("ne_prophet", { name: nameOf(group, group.prophet) })}`,
      ),
    );
  }
  line.append(suddenDeath(group.sudden_death));
  return line;
}

function suddenDeath({ on, left }) {
  if (on) {
    return h(
      "span",
      { class: "sudden on" },
      h("span", { class: "icon", "aria-hidden": "true" }, "☠\uFE0E"),
      ` ${t("ne_sudden_on")} `,
      h("span", { class: "why" }, t("ne_sudden_on_why")),
    );
  }
  const key = `ne_sudden_in_${plurals.select(left)}`;
  const words = t(t(key) === key ? "ne_sudden_in_other" : key, { n: left });
  return h("span", { class: "sudden" }, h("span", { class: "icon", "aria-hidden": "true" }, "⚠\uFE0E"), ` ${words}`);
}

/** The news of a New Eleusis table: what it waits for, or what the latest verdict did. */
export function happenings(group, nameOf, shortText) {
  const items = [];
  const waiting = waitingFor(group, nameOf, shortText);
  if (waiting) items.push(waiting);
  else if (group.verdict) items.push(...verdictLines(group, group.verdict, nameOf, shortText));
  return items;
}

function cardsText(cards, shortText) {
  return cards.map(shortText).join(" ");
}

function waitingFor(group, nameOf, shortText) {
  const pending = group.pending;
  if (!pending) return null;
  const name = nameOf(group, pending.seat);
  const prophet = group.prophet ? nameOf(group, group.prophet) : "";
  const cards = cardsText(pending.cards, shortText);
  let words;
  if (group.status === "pointing") words = t("ne_pointing", { name: prophet });
  else if (pending.call !== null && pending.call !== undefined) {
    const key = pending.no_play ? "ne_called_no_play" : "ne_called";
    words = t(`${key}_${pending.call ? "right" : "wrong"}`, { name: prophet });
  } else if (group.status === "calling") {
    words = pending.no_play ? t("ne_no_play_calling", { name }) : t("ne_calling", { name, cards });
  } else words = pending.no_play ? t("waiting_no_play", { name }) : t("ne_waiting_string", { name, cards });
  return h("span", { class: "now waiting" }, words);
}

function verdictLines(group, verdict, nameOf, shortText) {
  const name = nameOf(group, verdict.seat);
  let words;
  if (verdict.kind === "no_play" && verdict.card)
    words = t("no_play_wrong_card", { name, card: shortText(verdict.card) });
  else if (verdict.kind === "no_play") words = t(verdict.right ? "no_play_right" : "no_play_wrong", { name });
  else words = t(verdict.right ? "ne_string_right" : "ne_string_wrong", { name, cards: cardsText(verdict.cards, shortText) });
  const lines = [mark(verdict.right, words)];
  if (verdict.call) {
    const prophet = nameOf(group, verdict.call.seat);
    const overthrown = verdict.call.overthrown;
    lines.push(mark(!overthrown, t(overthrown ? "ne_call_overthrown" : "ne_call_confirmed", { name: prophet }), "♛"));
  }
  if (verdict.expelled) lines.push(mark(false, t("ne_expelled", { name: nameOf(group, verdict.expelled) })));
  if (verdict.declared) lines.push(mark(true, t("ne_declared", { name: nameOf(group, verdict.declared) }), "♛"));
  return lines;
}

function mark(right, words, glyph = right ? "✓" : "✗") {
  return h(
    "span",
    { class: `now verdict ${right ? "right" : "wrong"}` },
    h("span", { class: "mark", "aria-hidden": "true" }, glyph),
    ` ${words}`,
  );
}

/** The marks of the card numbered `number`: a flag on every 10th card, a crown on the prophet's. */
export function cardMarks(group, number) {
  if (!isNewEleusis(group) || !number) return { nodes: [], words: [] };
  const nodes = [];
  const words = [];
  if ((group.markers || []).includes(number)) {
    nodes.push(h("span", { class: "flag", "aria-hidden": "true" }, `⚑${number}`));
    words.push(t("ne_marker", { n: number }));
  }
  if (group.prophet_marker === number) {
    nodes.push(h("span", { class: "crown", "aria-hidden": "true" }, "♛"));
    words.push(t("ne_prophet_marker"));
  }
  return { nodes, words };
}

/** The numbers of the mainline card at `index` and of the sideline cards under it. */
export function numbersAt(group, index) {
  const numbers = group.numbers;
  if (!numbers) return { main: null, side: [] };
  return { main: numbers.mainline[index] ?? null, side: numbers.sidelines[index] || [] };
}

/** The cards waiting for a verdict: Express's one card, or a New Eleusis string. */
export function pendingCards(group) {
  if (!group.pending) return [];
  if (isNewEleusis(group)) return group.pending.cards || [];
  return group.pending.card ? [group.pending.card] : [];
}

/** The seat's New Eleusis marks: the prophet's crown, an expelled player's "out". */
export function seatMarks(seat) {
  return { prophet: Boolean(seat.prophet), expelled: Boolean(seat.expelled) };
}
