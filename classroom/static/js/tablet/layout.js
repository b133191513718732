// The layout as on a real table: the mainline runs left to right, and each sideline card lies
// under the mainline card it tried to follow. A long mainline wraps onto more rows inside its
// own box, which scrolls; after every new card it scrolls to the end so the newest is in view.

import { cardFace, cardName, shortLabel } from "../shared/cards.js";
import { fill, h } from "../shared/dom.js";
import { t } from "../shared/text.js";
import { layoutColumns, markFlags, rowStart, scrollToShow } from "./columns.js";

// Room kept around the newest card and above the top row: their outline shows whole.
const EDGE = 8;

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
  const columns = layoutColumns(mainline, sidelines, marks).map((column) => {
    const label = column.starter ? `${cardName(column.card)}, ${t("starter")}` : cardName(column.card);
    return h(
      "div",
      { class: "column", role: "listitem" },
      marked(cardFace(column.card, { classes: column.newest ? "mainline newest" : "mainline", label }), column.number, marks),
      column.sideline.length
        ? h(
            "div",
            {
              class: "sideline",
              role: "group",
              "aria-label": t("sideline_of", { card: shortLabel(column.card) }),
            },
            column.sideline.map((wrong) => marked(cardFace(wrong.card, { classes: "small" }), wrong.number, marks)),
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
  for (const flag of markFlags(marks, number)) {
    face.append(h("span", { class: flag.classes, "aria-hidden": "true" }, flag.text));
    face.setAttribute("aria-label", `${face.getAttribute("aria-label")}, ${t(flag.key, flag.params)}`);
  }
  return face;
}

function showNewest(container) {
  container.scrollTop = container.scrollHeight;
  container.scrollLeft = container.scrollWidth;
  const newest = container.querySelector(".newest");
  if (!newest) return;
  const scroll = { top: container.scrollTop, left: container.scrollLeft };
  const box = container.getBoundingClientRect();
  const { top, left } = scrollToShow(scroll, box, newest.getBoundingClientRect(), EDGE);
  // In the box's content: where each row of columns starts, and the newest card's foot.
  const inContent = (y) => y - box.top + scroll.top;
  const rows = [...container.children].map((column) => inContent(column.getBoundingClientRect().top) - EDGE);
  const rowTops = [...new Set(rows.map(Math.round))].sort((a, b) => a - b);
  const newestBottom = inContent(newest.getBoundingClientRect().bottom) + EDGE;
  container.scrollTop = rowStart(top, rowTops, newestBottom, container.clientHeight);
  container.scrollLeft = left;
}
