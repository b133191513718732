// Fitting each group's tile into its share of the screen: the whole mainline, its sidelines and
// every seat, as large as they fit. Sizes are steps named in projector.css (data-text,
// data-cards, data-seat-cols, data-compact, data-flat on the tile); the script only picks the steps.

import { largestFitting, mostSeatColumns, READABLE, SMALLEST, smallerCard, stepsFrom, textStart } from "./steps.js";

/** Cards are never drawn smaller than this, whatever is cut. */
const LEAST_CARD_PX = 6;

/** Fit the container's tiles: `tiles` lists [tile, hint] (a hint holds the steps that fitted
 * that group's tile before); without it every tile is fitted afresh. */
export function fitGroups(container, tiles = null) {
  const start = textStart(container.dataset.density);
  const todo = tiles ?? [...container.querySelectorAll(".group")].map((tile) => [tile, null]);
  for (const [tile, hint] of todo) {
    if (!(hint && fitsAsBefore(tile, hint))) fitTile(tile, start);
  }
}

/** Whether the tile's cards, and so all its words, are drawn at 28px or more at 1080p, with
 * every nickname whole. */
export function isReadable(tile) {
  const cards = Number(tile.dataset.cards) <= READABLE && !tile.style.getPropertyValue("--card");
  return cards && tile.dataset.whole === "1";
}

/** Whether the tile fits at the steps of `hint` (it then keeps them). */
function fitsAsBefore(tile, hint) {
  const steps = ["text", "compact", "flat", "seatCols", "cards"];
  if (!steps.every((step) => hint[step] !== undefined)) return false;
  tile.style.removeProperty("--card");
  for (const step of steps) tile.dataset[step] = hint[step];
  const fitted = Number(hint.cards) <= READABLE && fits(tile) && fits(tile.querySelector(".table"));
  if (!fitted || namesCut(tile)) return false;
  tile.dataset.whole = "1";
  return true;
}

/**
 * Pick the tile's steps, giving up as little as possible, in this order: smaller cards (down to
 * 28px), smaller text (down to 28px), a smaller title, sidelines beside their card instead of
 * under it (they pack closer). Nicknames, points and the status word are never given up: read
 * from the back of the room a cut name ("Бо…") says nothing. A tile that cannot show them all
 * at readable sizes is not readable, and the page shows fewer tiles (pages.js); on a page of
 * one, cards under 28px are the last resort.
 */
export function fitTile(tile, startText = 0) {
  const most = mostSeatColumns(tile.querySelectorAll(".seat").length);
  const tries = stepsFrom(startText);
  const last = tries[tries.length - 1];
  for (const step of tries) {
    set(tile, step, wholeNameColumns(tile, step, most));
    tile.dataset.whole = namesCut(tile) ? "0" : "1";
    if (tile.dataset.whole === "1" && settle(tile, READABLE)) return;
  }
  set(tile, last, wholeNameColumns(tile, last, most));
  if (!settle(tile, SMALLEST)) shrinkBelowSteps(tile);
  tile.dataset.whole = namesCut(tile) ? "0" : "1";
}

/** Past the smallest step, the cards shrink by tenths until the whole table shows. */
function shrinkBelowSteps(tile) {
  tile.dataset.cards = String(SMALLEST);
  const table = tile.querySelector(".table");
  const card = tile.querySelector(".pcard");
  let size = card ? parseFloat(getComputedStyle(card).fontSize) : LEAST_CARD_PX;
  while (!(fits(tile) && fits(table))) {
    size = smallerCard(size, LEAST_CARD_PX);
    if (size === null) break;
    // A CSSOM property, not a style attribute: the page's CSP allows it.
    tile.style.setProperty("--card", `${size.toFixed(1)}px`);
  }
}

function set(tile, { text, compact, flat }, columns) {
  tile.style.removeProperty("--card");
  tile.dataset.text = String(text);
  tile.dataset.compact = String(compact);
  tile.dataset.flat = String(flat);
  tile.dataset.seatCols = String(columns);
}

/** Set the largest card step up to `last` at which the tile fits; false if none does. */
function settle(tile, last) {
  const level = largestFitting((step) => fitsAt(tile, step), last);
  if (level === null) return false;
  tile.dataset.cards = String(level);
  return true;
}

/** The most seat columns in which no nickname is cut. */
function wholeNameColumns(tile, step, most) {
  for (let columns = most; columns > 1; columns -= 1) {
    set(tile, step, columns);
    if (!namesCut(tile)) return columns;
  }
  return 1;
}

function namesCut(tile) {
  return [...tile.querySelectorAll(".seat .name")].some((name) => name.scrollWidth > name.clientWidth + 1);
}

function fitsAt(tile, level) {
  tile.dataset.cards = String(level);
  return fits(tile) && fits(tile.querySelector(".table"));
}

function fits(box) {
  if (!box) return true;
  return box.scrollHeight <= box.clientHeight + 1 && box.scrollWidth <= box.clientWidth + 1;
}
