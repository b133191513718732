// Seats by name: a removed student's earlier plays keep their nickname.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { nameOf, rememberNames } from "../../classroom/static/js/tablet/names.js";

describe("nameOf", () => {
  const before = { seats: [{ seat: "1", nickname: "Ana" }, { seat: "2", nickname: "Ben" }] };
  const after = { seats: [{ seat: "2", nickname: "Ben" }] };

  it("names a seat of the view", () => {
    assert.equal(nameOf(after, "2"), "Ben");
  });

  it("names a seat that left the view by the name it had", () => {
    assert.equal(nameOf(after, "9"), "?");
    rememberNames(before);
    assert.equal(nameOf(after, "1"), "Ana");
  });
});
