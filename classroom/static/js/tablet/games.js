// The games whose tables the tablet draws with their own modules, found by the view's `mode`.
// Any other game is drawn as a table of single cards, as Express's is: a new game of that
// shape needs nothing here, a game of another shape adds its folder and its line below.

import * as newEleusis from "./new_eleusis/game.js";

const OWN_TABLES = new Map([["new_eleusis", newEleusis]]);

/**
 * The modules that draw the view's table (its status line, its hand, who gives a verdict
 * where), or null for a table of single cards.
 */
export function ownTable(view) {
  return (view && OWN_TABLES.get(view.mode)) || null;
}
