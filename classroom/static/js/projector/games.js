// The games whose tiles the projector draws with their own modules, found by the tile's `mode`.
// Any other game is drawn as a table of single cards, as Express's is: a new game of that
// shape needs nothing here, a game of another shape adds its folder and its line below.

import * as newEleusis from "./new_eleusis/game.js";

const OWN_TILES = new Map([["new_eleusis", newEleusis]]);

/** The modules that tell the tile's happenings in their own way, or null. */
export function ownTile(group) {
  return (group && OWN_TILES.get(group.mode)) || null;
}
