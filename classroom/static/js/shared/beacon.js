// Beacons: every few seconds the server says where each group's log stands, as [round, seq].
// A page that shows a group at an earlier moment missed a change and redraws it. Pure: no DOM.

/** True when the moment `at` ([round, seq]) comes after `than`. */
export function isLater(at, than) {
  return at[0] > than[0] || (at[0] === than[0] && at[1] > than[1]);
}

/**
 * The ids of the groups the beacon shows later than `known` (a Map of group id to the
 * [round, seq] the page shows); `known` learns the beacon's positions. A group the page knew
 * nothing of is learnt, not redrawn: the page was drawn from the server after it.
 */
export function groupsBehind(known, beacon) {
  const behind = [];
  for (const [id, at] of Object.entries((beacon && beacon.groups) || {})) {
    const shown = known.get(id);
    if (shown && isLater(at, shown)) behind.push(id);
    if (!shown || isLater(at, shown)) known.set(id, at);
  }
  return behind;
}
