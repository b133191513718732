// What the tablet holds, and what the server's messages do to it: the view drawn (with its round
// and seq) and the feed of public events. Pure functions, no DOM: the page's scripts call them,
// and the unit tests under tests/js run them in node.

/** How many events the feed keeps: "What happened" shows the newest few. */
export const FEED_LIMIT = 50;

/** True when `view` describes an earlier moment than the (round, seq) already shown. */
export function isOlder(view, seen) {
  return view.round < seen.round || (view.round === seen.round && view.seq < seen.last_seq);
}

/** True when the (round, seq) shown is earlier than the moment an update brings. */
export function isBehind(seen, update) {
  return seen.round < update.round || (seen.round === update.round && seen.last_seq < update.seq);
}

/**
 * The view `held` with an update drawn on it (`set`: fields replaced; `append`: items added
 * to a list; `at`: a list's items replaced by index), or null when the update is not drawn on
 * it (another round, or another seq than the update's `base`).
 */
export function applyUpdate(held, update) {
  if (!held || !update || held.round !== update.round || held.seq !== update.base) return null;
  const view = { ...held, ...update.set, seq: update.seq };
  // Items added at the end of a list (the mainline), and items replaced by index (the seats).
  for (const [key, items] of Object.entries(update.append || {})) view[key] = [...view[key], ...items];
  for (const [key, items] of Object.entries(update.at || {})) {
    view[key] = [...view[key]];
    for (const [index, item] of Object.entries(items)) view[key][Number(index)] = item;
  }
  return view;
}

/**
 * What an update does to a tablet holding `held`, shown at `seen` (round, last_seq):
 * `{ view }` to show when it is drawn on the view held; `{ resync: true }` when the tablet is
 * behind the update (it missed a message and must ask for the whole view); `{}` when the
 * tablet already shows that moment or a later one.
 */
export function receiveUpdate(held, seen, update) {
  const view = applyUpdate(held, update);
  if (view) return { view };
  return isBehind(seen, update) ? { resync: true } : {};
}

/**
 * The feed (`feed`, the events held; `seq`, the last one's) after the events `list`: a "dealt"
 * starts a new round's feed, an event at or below the feed's seq is one already held (sent
 * again after a reconnection) and is dropped, and only the newest `limit` are kept. `fresh`
 * lists the events new to the feed, in order: the news to tell.
 */
export function takeEvents({ feed, seq }, list, limit = FEED_LIMIT) {
  let kept = [...feed];
  let last = seq;
  const fresh = [];
  for (const event of list) {
    if (event.kind === "dealt") [kept, last] = [[], 0];
    if (event.seq <= last) continue;
    kept.push(event);
    last = event.seq;
    fresh.push(event);
  }
  return { feed: kept.slice(-limit), seq: last, fresh };
}
