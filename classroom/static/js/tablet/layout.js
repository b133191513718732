// The layout as on a real table: the mainline runs left to right, and each sideline card lies
// under the mainline card it tried to follow. A long mainline wraps onto more rows inside its
// own box, which scrolls; after every new card it scrolls to the end so the newest is in view.

import { cardFace, cardName, shortLabel } from "../shared/cards.js";
import { fill, h } from "../shared/dom.js";
import { t } from "../shared/text.js";

let drawn = "";
let watched = null;

/**
 * Draw the layout into `container` (only when it changed, so a scrolled strip stays put).
 * `marks` (New Eleusis) gives each card's number and the numbers that carry a marker.
 */
export function renderLayout(container, mainline = [], sidelines = [], marks = null) {
  const key = JSON.stringify([mainline, sidelines, marks]);
  if (key === drawn) return;
  drawn = key;
  const newest = mainline.length - 1;
  const columns = mainline.map((card, index) => {
    const sideline = sidelines[index] || [];
    const label = index === 0 ? `${cardName(card)}, ${t("starter")}` : cardName(card);
    return h(
      "div",
      { class: "column", role: "listitem" },
      marked(
        cardFace(card, { classes: index === newest ? "mainline newest" : "mainline", label }),
        marks && marks.numbers.mainline[index],
        marks,
      ),
      sideline.length
        ? h(
            "div",
            {
              class: "sideline",
              role: "group",
              "aria-label": t("sideline_of", { card: shortLabel(card) }),
            },
            sideline.map((wrong, at) =>
              marked(cardFace(wrong, { classes: "small" }), marks && (marks.numbers.sidelines[index] || [])[at], marks),
            ),
          )
        : null,
    );
  });
  fill(container, columns);
  showNewest(container);
  if (watched !== container && typeof ResizeObserver === "function") {
    // A turned tablet reflows the rows: the newest card stays in view.
    watched = container;
    new ResizeObserver(() => showNewest(container)).observe(container);
  }
}

/** A New Eleusis card with its marker: a flag with its number, or the prophet's crown. */
function marked(face, number, marks) {
  if (!marks || !number) return face;
  const flags = [];
  if (marks.markers.includes(number)) flags.push(["ne-marker", `\u2691${number}`, t("ne_marker", { n: number })]);
  if (marks.prophet === number) flags.push(["ne-marker prophet-marker", "\u265B", t("ne_prophet_marker")]);
  flags.forEach(([classes, text, words], at) => {
    face.append(h("span", { class: `${classes} at-${at}`, "aria-hidden": "true" }, text));
    face.setAttribute("aria-label", `${face.getAttribute("aria-label")}, ${words}`);
  });
  return face;
}

function showNewest(container) {
  container.scrollTop = container.scrollHeight;
  container.scrollLeft = container.scrollWidth;
  // Wrong cards pile up under the newest mainline card: when that pile is taller than the box,
  // the end of the box is the pile's foot. The newest card itself must stay in view.
  const newest = container.querySelector(".newest");
  if (!newest) return;
  const box = container.getBoundingClientRect();
  const card = newest.getBoundingClientRect();
  if (card.top < box.top) container.scrollTop -= box.top - card.top;
  if (card.left < box.left) container.scrollLeft -= box.left - card.left;
}
