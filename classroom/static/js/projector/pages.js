// Pages of tiles. When the tiles of every group cannot all be drawn with cards and words of at
// least 28px at 1080p (fit.js's readable steps), the groups are shown a page at a time and the
// pages turn by themselves. How many tiles go on a page is measured on the screen: the most for
// which every tile fits at readable sizes. Tiles of hidden pages are kept up to date and fitted
// when their page comes round.

import { fill, show } from "../shared/dom.js";
import { t } from "../shared/text.js";
import { fitGroups, isReadable } from "./fit.js";
import { density, gridShape, pageOf, pageSpan, perPageChoices, split } from "./grid.js";

/** A group in one of these states waits for someone: worth a note while its page is hidden. */
const WAITING = new Set(["verdict", "guess"]);

// What is shown: tiles per page, the page, the timer that turns it, and what the timer needs.
const paging = { perPage: 0, page: 0, timer: null, seconds: 12, now: null };

/**
 * Show the tiles `entries` (group id -> {element, group, fitted, hint}) of the groups `ids`;
 * `measure` finds the number of tiles per page again (the groups, the screen or a round changed).
 */
export function layOut(entries, ids, els, { joining, measure }) {
  const first = currentIds()[0];
  paging.now = { entries, ids, els, joining };
  if (measure || paging.perPage === 0) {
    paging.perPage = measurePerPage();
    paging.page = pageOf(paging.now.ids, first, paging.perPage);
  }
  showPage();
}

/** Seconds between two pages (the page may ask for fewer, for a test). */
export function setPageSeconds(seconds) {
  if (Number.isFinite(seconds) && seconds > 0) paging.seconds = seconds;
}

function currentIds() {
  if (!paging.now || paging.perPage === 0) return [];
  return split(paging.now.ids, paging.perPage)[paging.page] ?? [];
}

/** The most tiles per page (pages as even as can be) with every tile readable; 1 at worst. */
function measurePerPage() {
  const { ids } = paging.now;
  for (const perPage of perPageChoices(ids.length)) {
    if (split(ids, perPage).every((chunk) => place(chunk, perPage, { stopEarly: true }))) return perPage;
  }
  return 1;
}

/** Put the tiles of `chunk` on the screen in the grid for `perPage` and fit those not fitted to
 * it yet; true if every one is readable (with `stopEarly`, stops at the first that is not). */
function place(chunk, perPage, { stopEarly = false } = {}) {
  const { entries, els, joining } = paging.now;
  const [columns, rows] = gridShape(perPage, joining);
  const shape = [columns, rows, density(perPage), joining].join();
  const { dataset } = els.groups;
  Object.assign(dataset, { columns: String(columns), rows: String(rows), density: density(perPage) });
  const shown = chunk.map((id) => entries.get(id));
  fill(els.groups, shown.map((entry) => entry.element));
  let readable = true;
  for (const entry of shown) {
    if (entry.fitted !== shape) {
      const hint = entry.hint && entry.hint.shape === shape ? entry.hint : null;
      fitGroups(els.groups, [[entry.element, hint]]);
      Object.assign(entry, { fitted: shape, hint: null });
    }
    readable = readable && isReadable(entry.element);
    if (!readable && stopEarly) return false;
  }
  return readable;
}

function showPage() {
  const pages = split(paging.now.ids, paging.perPage).length;
  paging.page = Math.min(paging.page, pages - 1);
  // A tile that grew since the measure may no longer be readable: measure again.
  if (!place(currentIds(), paging.perPage) && paging.perPage > 1) {
    const first = currentIds()[0];
    paging.perPage = measurePerPage();
    paging.page = pageOf(paging.now.ids, first, paging.perPage);
    place(currentIds(), paging.perPage);
  }
  indicate();
  keepTurning();
}

function keepTurning() {
  const pages = split(paging.now.ids, paging.perPage).length;
  if (pages > 1 && paging.timer === null) {
    paging.timer = setInterval(turn, paging.seconds * 1000);
  } else if (pages <= 1 && paging.timer !== null) {
    clearInterval(paging.timer);
    paging.timer = null;
  }
}

function turn() {
  const pages = split(paging.now.ids, paging.perPage).length;
  paging.page = (paging.page + 1) % pages;
  showPage();
  // Restarting the animation needs a style flush between removing and adding the class.
  const { groups } = paging.now.els;
  groups.classList.remove("turned");
  void groups.offsetWidth;
  groups.classList.add("turned");
}

/** "Groups 1–6 of 12 · page 1/2", and the groups waiting for someone on the hidden pages. */
function indicate() {
  const { ids, els, entries } = paging.now;
  const chunks = split(ids, paging.perPage);
  const paged = chunks.length > 1;
  show(els.pages, paged);
  Object.assign(els.groups.dataset, { page: String(paging.page + 1), pages: String(chunks.length) });
  if (!paged) return;
  els.pageWhere.textContent = t("pages", pageSpan(ids, paging.perPage, paging.page));
  const shown = new Set(chunks[paging.page]);
  const waiting = ids
    .filter((id) => !shown.has(id) && WAITING.has(entries.get(id).group.status))
    .map((id) => entries.get(id).group.name);
  const names = waiting.join(", ");
  els.pageWaiting.textContent = waiting.length > 0 ? t("waiting_elsewhere", { names }) : "";
  show(els.pageWaiting, waiting.length > 0);
}
