// The tablet's held view and feed: what an update or a list of events does to them.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  applyUpdate,
  FEED_LIMIT,
  isBehind,
  isOlder,
  receiveUpdate,
  takeEvents,
} from "../../classroom/static/js/tablet/state.js";

const HELD = { round: 2, seq: 7, status: "playing", mainline: ["5H", "7C"], seats: [{ seat: "1" }, { seat: "2" }] };

describe("applyUpdate", () => {
  it("draws an update made on the held seq: fields set, items appended and replaced", () => {
    const update = {
      round: 2,
      base: 7,
      seq: 9,
      set: { status: "verdict" },
      append: { mainline: ["9D"] },
      at: { seats: { 1: { seat: "2", hand: 4 } } },
    };
    assert.deepEqual(applyUpdate(HELD, update), {
      round: 2,
      seq: 9,
      status: "verdict",
      mainline: ["5H", "7C", "9D"],
      seats: [{ seat: "1" }, { seat: "2", hand: 4 }],
    });
  });

  it("leaves the held view as it was", () => {
    applyUpdate(HELD, { round: 2, base: 7, seq: 8, append: { mainline: ["9D"] }, at: { seats: { 0: {} } } });
    assert.deepEqual(HELD.mainline, ["5H", "7C"]);
    assert.deepEqual(HELD.seats, [{ seat: "1" }, { seat: "2" }]);
  });

  it("refuses an update made on another seq or in another round", () => {
    assert.equal(applyUpdate(HELD, { round: 2, base: 6, seq: 8, set: {} }), null);
    assert.equal(applyUpdate(HELD, { round: 3, base: 7, seq: 8, set: {} }), null);
  });

  it("refuses when nothing is held yet", () => {
    assert.equal(applyUpdate(null, { round: 2, base: 7, seq: 8 }), null);
  });
});

describe("receiveUpdate", () => {
  const seen = { round: 2, last_seq: 7 };

  it("shows the update drawn on the held view", () => {
    const { view, resync } = receiveUpdate(HELD, seen, { round: 2, base: 7, seq: 8, set: { status: "lobby" } });
    assert.equal(view.status, "lobby");
    assert.equal(view.seq, 8);
    assert.equal(resync, undefined);
  });

  it("asks for a resync when an update does not fit the held seq and is ahead of it", () => {
    assert.deepEqual(receiveUpdate(HELD, seen, { round: 2, base: 8, seq: 9, set: {} }), { resync: true });
  });

  it("asks for a resync when the update is of a later round", () => {
    assert.deepEqual(receiveUpdate(HELD, seen, { round: 3, base: 1, seq: 2, set: {} }), { resync: true });
  });

  it("ignores an update the tablet is already past", () => {
    assert.deepEqual(receiveUpdate(HELD, seen, { round: 2, base: 5, seq: 6, set: {} }), {});
    assert.deepEqual(receiveUpdate(HELD, seen, { round: 1, base: 30, seq: 31, set: {} }), {});
  });

  it("asks for a resync when nothing is held yet", () => {
    assert.deepEqual(receiveUpdate(null, { round: 0, last_seq: 0 }, { round: 1, base: 3, seq: 4 }), { resync: true });
  });
});

describe("isOlder", () => {
  it("says a view of an earlier round or seq is older than the one shown", () => {
    const seen = { round: 2, last_seq: 7 };
    assert.equal(isOlder({ round: 1, seq: 40 }, seen), true);
    assert.equal(isOlder({ round: 2, seq: 6 }, seen), true);
    assert.equal(isOlder({ round: 2, seq: 7 }, seen), false);
    assert.equal(isOlder({ round: 3, seq: 1 }, seen), false);
  });
});

describe("isBehind", () => {
  it("says a tablet is behind a beacon of a later seq or a later round, never of an earlier", () => {
    const seen = { round: 2, last_seq: 7 };
    assert.equal(isBehind(seen, { round: 2, seq: 9 }), true);
    assert.equal(isBehind(seen, { round: 3, seq: 1 }), true);
    assert.equal(isBehind(seen, { round: 2, seq: 7 }), false);
    assert.equal(isBehind(seen, { round: 1, seq: 40 }), false);
  });
});

describe("takeEvents", () => {
  const played = (seq) => ({ kind: "judged", seq, card: "7H", correct: true });

  it("adds new events in order and tells them", () => {
    const taken = takeEvents({ feed: [played(1)], seq: 1 }, [played(2), played(3)]);
    assert.deepEqual(taken.feed.map((event) => event.seq), [1, 2, 3]);
    assert.equal(taken.seq, 3);
    assert.deepEqual(taken.fresh.map((event) => event.seq), [2, 3]);
  });

  it("drops events already held (sent again after a reconnection)", () => {
    const taken = takeEvents({ feed: [played(1), played(2)], seq: 2 }, [played(1), played(2), played(3)]);
    assert.deepEqual(taken.feed.map((event) => event.seq), [1, 2, 3]);
    assert.deepEqual(taken.fresh.map((event) => event.seq), [3]);
  });

  it("starts a new feed at a deal", () => {
    const dealt = { kind: "dealt", seq: 1, starter: "5H" };
    const taken = takeEvents({ feed: [played(1), played(2)], seq: 2 }, [dealt, played(2)]);
    assert.deepEqual(taken.feed, [dealt, played(2)]);
    assert.equal(taken.seq, 2);
    assert.deepEqual(taken.fresh, [dealt, played(2)]);
  });

  it("keeps the newest events only", () => {
    const many = Array.from({ length: FEED_LIMIT + 5 }, (_, at) => played(at + 1));
    const taken = takeEvents({ feed: [], seq: 0 }, many);
    assert.equal(taken.feed.length, FEED_LIMIT);
    assert.equal(taken.feed[0].seq, 6);
    assert.equal(taken.fresh.length, FEED_LIMIT + 5);
    assert.deepEqual(takeEvents({ feed: [], seq: 0 }, many, 3).feed.map((event) => event.seq), [53, 54, 55]);
  });

  it("changes nothing for an empty list and leaves the held feed alone", () => {
    const feed = [played(1)];
    const taken = takeEvents({ feed, seq: 1 }, [played(2)]);
    assert.equal(feed.length, 1);
    assert.deepEqual(takeEvents({ feed, seq: 1 }, []), { feed, seq: 1, fresh: [] });
    assert.notEqual(taken.feed, feed);
  });
});
