// The layout's arithmetic, apart from its drawing (layout.js): which card goes in which column,
// the New Eleusis markers a card carries, and how far to scroll so the newest card shows.
// Pure functions, no DOM: the unit tests under tests/js run them in node.

/**
 * The layout as columns, left to right: each mainline card with the sideline cards that tried
 * to follow it lying under it. `marks` (New Eleusis) numbers every card; without it the
 * numbers are null.
 */
export function layoutColumns(mainline = [], sidelines = [], marks = null) {
  const numbers = marks ? marks.numbers : null;
  return mainline.map((card, index) => ({
    card,
    starter: index === 0,
    newest: index === mainline.length - 1,
    number: numbers ? (numbers.mainline[index] ?? null) : null,
    sideline: (sidelines[index] || []).map((wrong, at) => ({
      card: wrong,
      number: numbers ? ((numbers.sidelines[index] || [])[at] ?? null) : null,
    })),
  }));
}

/**
 * The flags on the card numbered `number`: a marker's flag with its number, the prophet's
 * crown, or both, each with its classes, its text and the key (and parameters) of its words.
 */
export function markFlags(marks, number) {
  if (!marks || !number) return [];
  const flags = [];
  if (marks.markers.includes(number)) {
    flags.push({ classes: "ne-marker", text: `\u2691${number}`, key: "ne_marker", params: { n: number } });
  }
  if (marks.prophet === number) {
    flags.push({ classes: "ne-marker prophet-marker", text: "\u265B", key: "ne_prophet_marker", params: {} });
  }
  return flags.map((flag, at) => ({ ...flag, classes: `${flag.classes} at-${at}` }));
}

/**
 * The scroll of a box scrolled to its end that still shows the newest card: when the pile of
 * wrong cards under it is taller (or wider) than the box, the end is the pile's foot, so the
 * scroll goes back until the card's top (left) edge is in the box, `margin` inside it (room for
 * the card's outline). `box` and `card` are the screen rectangles of the box and the card at
 * `scroll`.
 */
export function scrollToShow(scroll, box, card, margin = 0) {
  const top = box.top + margin;
  const left = box.left + margin;
  return {
    top: card.top < top ? scroll.top - (top - card.top) : scroll.top,
    left: card.left < left ? scroll.left - (left - card.left) : scroll.left,
  };
}

/**
 * A scroll `top` of the layout box moved back to the top of the row it cuts in half, so that
 * the box shows whole rows from its top edge, when the newest card (its bottom at
 * `newestBottom`, in the box's content) still fits in the box's `height` from there; else `top`.
 * `rowTops`: where each row starts in the content, in order.
 */
export function rowStart(top, rowTops, newestBottom, height) {
  const cut = rowTops.filter((row) => row < top).pop();
  if (cut === undefined || newestBottom - cut > height) return top;
  return cut;
}
