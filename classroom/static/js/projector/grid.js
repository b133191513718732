// The arithmetic of the projector's pages: the grid for a number of tiles, how big their text
// starts, and how the groups split into pages. Pure functions, no DOM (pages.js measures).

/** [columns, rows] for `count` tiles; narrower when the join panel takes the left side. */
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

/** large, medium or small: how big the text of a tile starts (it may shrink to fit). */
export function density(count) {
  if (count <= 2) return "large";
  if (count <= 6) return "medium";
  return "small";
}

/** The groups `ids` split into pages of at most `perPage`, in order. */
export function split(ids, perPage) {
  const pages = [];
  for (let start = 0; start < ids.length; start += perPage) pages.push(ids.slice(start, start + perPage));
  return pages.length > 0 ? pages : [[]];
}

/** The tiles per page worth trying for `count` groups, most first: pages as even as can be. */
export function perPageChoices(count) {
  const choices = [];
  for (let pages = 1; pages <= count; pages += 1) {
    const perPage = Math.ceil(count / pages);
    if (choices[choices.length - 1] !== perPage) choices.push(perPage);
  }
  return choices;
}

/** The page (from 0) that shows the group `id`; 0 for a group not in `ids`. */
export function pageOf(ids, id, perPage) {
  const index = ids.indexOf(id);
  return index < 0 ? 0 : Math.floor(index / perPage);
}

/** Where page `page` (from 0) stands: its first and last group (from 1) of `total`, and its
 * number (from 1) of `pages`. */
export function pageSpan(ids, perPage, page) {
  const chunks = split(ids, perPage);
  const first = page * perPage + 1;
  return { first, last: first + chunks[page].length - 1, total: ids.length, page: page + 1, pages: chunks.length };
}
