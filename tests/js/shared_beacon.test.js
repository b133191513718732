// Beacons: which groups a page shows at an earlier moment than the server's log.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { groupsBehind, isLater } from "../../classroom/static/js/shared/beacon.js";

describe("isLater", () => {
  it("orders moments by round, then by seq", () => {
    assert.equal(isLater([2, 1], [1, 40]), true);
    assert.equal(isLater([2, 8], [2, 7]), true);
    assert.equal(isLater([2, 7], [2, 7]), false);
    assert.equal(isLater([1, 50], [2, 0]), false);
  });
});

describe("groupsBehind", () => {
  it("names the groups shown earlier than the beacon, and learns the beacon's moments", () => {
    const known = new Map([["4", [1, 10]], ["5", [2, 3]]]);
    const beacon = { groups: { 4: [1, 12], 5: [2, 3], 6: [1, 1] } };
    assert.deepEqual(groupsBehind(known, beacon), ["4"]);
    assert.deepEqual(known.get("4"), [1, 12]);
    assert.deepEqual(known.get("6"), [1, 1]); // learnt, not redrawn
    assert.deepEqual(groupsBehind(known, beacon), []); // told once
  });

  it("keeps a moment the page saw later than a beacon read a moment before", () => {
    const known = new Map([["4", [1, 14]]]);
    assert.deepEqual(groupsBehind(known, { groups: { 4: [1, 12] } }), []);
    assert.deepEqual(known.get("4"), [1, 14]);
  });

  it("takes an empty or odd beacon as saying nothing", () => {
    assert.deepEqual(groupsBehind(new Map(), null), []);
    assert.deepEqual(groupsBehind(new Map(), {}), []);
  });
});
