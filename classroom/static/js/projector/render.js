// Drawing the projector view: one tile per group, laid out so that 1 to 12 groups fill the
// screen without scrolling. Text only through textContent (via h()), never markup.

import { append, fill, h, show } from "../tablet/dom.js";
import { cardName, isRed, parseCard } from "../tablet/cards.js";
import { t } from "../tablet/text.js";

// U+FE0E asks for the text form of the glyph, so ♥ is not drawn as a coloured emoji.
const GLYPHS = { S: "\u2660\uFE0E", H: "\u2665\uFE0E", D: "\u2666\uFE0E", C: "\u2663\uFE0E" };

/** [columns, rows] for `count` groups; narrower when the join panel takes the left side. */
export function gridShape(count, joining) {
  if (count <= 1) return [1, 1];
  if (count === 2) return joining ? [1, 2] : [2, 1];
  if (count === 3) return joining ? [2, 2] : [3, 1];
  if (count === 4) return [2, 2];
  if (count <= 6) return [3, 2];
  if (count <= 8) return joining ? [3, 3] : [4, 2];
  if (count === 9) return [3, 3];
  return joining ? [3, 4] : [4, 3];
}

/** large, medium or small: how big the text of a tile may be. */
export function density(count) {
  if (count <= 2) return "large";
  if (count <= 6) return "medium";
  return "small";
}

/** Draw the whole class. */
export function render(view, els) {
  els.className.textContent = view.name;
  show(els.ended, view.ended);
  show(els.join, view.joining);
  if (view.join_code) els.joinCode.textContent = view.join_code;
  const [columns, rows] = gridShape(view.groups.length, view.joining);
  Object.assign(els.groups.dataset, {
    columns: String(columns),
    rows: String(rows),
    density: density(view.groups.length),
  });
  fill(els.groups, view.groups.map((group) => groupTile(group)));
  fitGroups(els.groups);
}

/** Drop the oldest mainline cards that do not fit their row (the newest stay on the right);
 * "+N" at the left says how many earlier cards are not shown. */
export function fitGroups(container) {
  for (const row of container.querySelectorAll(".mainline")) {
    const more = row.querySelector(".more");
    const cards = [...row.querySelectorAll(".pcard.shown")];
    const total = Number(row.dataset.total);
    const hidden = () => total - row.querySelectorAll(".pcard.shown").length;
    const label = () => {
      more.textContent = `+${hidden()}`;
      show(more, hidden() > 0);
    };
    label();
    for (const card of cards.slice(0, -1)) {
      if (row.scrollWidth <= row.clientWidth) break;
      card.remove();
      label();
    }
  }
}

function seatName(seat) {
  return seat.name ?? t("player", { n: seat.number });
}

function nameOf(group, key) {
  const seat = group.seats.find((s) => s.seat === key);
  return seat ? seatName(seat) : "?";
}

function groupTile(group) {
  const lobby = group.status === "lobby" || group.status === "choosing_rule";
  const tile = h(
    "article",
    {
      class: `group status-${group.status}${lobby ? " waiting" : ""}`,
      role: "listitem",
      dataset: { groupId: String(group.id), status: group.status },
      "aria-label": group.name,
    },
    h(
      "header",
      { class: "group-head" },
      h("h2", { class: "group-name" }, group.name),
      h("p", { class: "group-status" }, t(`status_${group.status}`)),
    ),
  );
  if (group.mainline.length > 0) {
    append(tile, [mainline(group), facts(group)]);
  }
  if (group.rule) append(tile, [h("p", { class: "rule" }, t("rule", { text: group.rule }))]);
  append(tile, [seatList(group)]);
  return tile;
}

function mainline(group) {
  const row = h(
    "div",
    { class: "mainline", role: "list", "aria-label": t("mainline"), dataset: { total: group.mainline_total } },
    h("span", { class: "more", title: t("earlier_cards") }),
  );
  for (const card of group.mainline) row.append(cardBox(card, "shown"));
  const pending = group.pending && group.pending.card;
  if (pending) {
    row.append(
      cardBox(pending, "pending", t("pending_card", { card: cardName(pending) })),
    );
  }
  return row;
}

function cardBox(text, extra, label = cardName(text)) {
  const { rank, suit } = parseCard(text);
  const colour = isRed(text) ? "red" : "black";
  return h(
    "div",
    { class: `pcard ${colour} ${extra}`, role: "listitem", "aria-label": label, dataset: { card: text } },
    h("span", { class: "rank", "aria-hidden": "true" }, rank),
    h("span", { class: "suit", "aria-hidden": "true" }, GLYPHS[suit] ?? suit),
  );
}

function facts(group) {
  const parts = [
    t("sideline_total", { n: group.sideline_total }),
    t("guesses_total", { n: group.guesses }),
  ];
  const line = h("p", { class: "facts" }, parts.join(" · "));
  if (group.status === "over" && group.end_reason) {
    const name = group.winner ? nameOf(group, group.winner) : "";
    return h("div", { class: "facts-block" }, line, h("p", { class: "end" }, t(`end_${group.end_reason}`, { name })));
  }
  return line;
}

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
  const turn = (guessing ? group.guesser : group.turn) === seat.seat;
  const dealer = group.dealer === seat.seat || group.dealing === seat.seat;
  const winner = group.winner === seat.seat;
  const classes = ["seat", seat.online ? "online" : "offline"];
  if (turn) classes.push("turn");
  if (winner) classes.push("winner");
  const playing = seat.cards !== null && seat.cards !== undefined;
  const words = [playing ? t("seat_cards", { name, cards: seat.cards }) : name];
  words.push(seat.online ? t("online") : t("offline"));
  if (turn) words.push(t("turn"));
  if (dealer) words.push(t("dealer"));
  if (winner) words.push(t("winner"));
  let tail = null;
  if (playing) tail = h("span", { class: "count" }, String(seat.cards));
  else if (dealer) tail = h("span", { class: "role" }, t("dealer"));
  return h(
    "li",
    { class: classes.join(" "), title: words.join(", "), "aria-label": words.join(", ") },
    h("span", { class: "dot", "aria-hidden": "true" }, seat.online ? "●" : "○"),
    turn ? h("span", { class: "mark", "aria-hidden": "true" }, "▶") : null,
    winner ? h("span", { class: "mark", "aria-hidden": "true" }, "★") : null,
    h("span", { class: "name" }, name),
    tail,
  );
}
