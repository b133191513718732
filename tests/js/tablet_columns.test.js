// The tablet layout's arithmetic: columns of mainline and sideline cards, New Eleusis markers,
// and the scroll that keeps the newest card in view.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { layoutColumns, markFlags, rowStart, scrollToShow } from "../../classroom/static/js/tablet/columns.js";

describe("layoutColumns", () => {
  it("gives a column per mainline card, the sideline cards under the card they tried to follow", () => {
    const columns = layoutColumns(["5H", "7C", "9D"], [[], ["KS", "2S"]]);
    assert.deepEqual(
      columns.map((column) => [column.card, column.sideline.map((wrong) => wrong.card)]),
      [
        ["5H", []],
        ["7C", ["KS", "2S"]],
        ["9D", []],
      ],
    );
  });

  it("marks the starter and the newest card", () => {
    const columns = layoutColumns(["5H", "7C", "9D"]);
    assert.deepEqual(columns.map((column) => [column.starter, column.newest]), [[true, false], [false, false], [false, true]]);
    const alone = layoutColumns(["5H"]);
    assert.equal(alone[0].starter && alone[0].newest, true);
  });

  it("is empty before the deal", () => {
    assert.deepEqual(layoutColumns(), []);
  });

  it("numbers every card in a New Eleusis layout, and none otherwise", () => {
    const marks = { numbers: { mainline: [1, 2, 5], sidelines: [[], [3, 4]] }, markers: [], prophet: null };
    const columns = layoutColumns(["5H", "7C", "9D"], [[], ["KS", "2S"]], marks);
    assert.deepEqual(columns.map((column) => column.number), [1, 2, 5]);
    assert.deepEqual(columns[1].sideline.map((wrong) => wrong.number), [3, 4]);
    assert.deepEqual(layoutColumns(["5H"], [["2S"]]).flatMap((c) => [c.number, c.sideline[0].number]), [null, null]);
  });
});

describe("markFlags", () => {
  const marks = { numbers: {}, markers: [4, 9], prophet: 9 };

  it("puts a numbered flag on a marked card", () => {
    assert.deepEqual(markFlags(marks, 4), [{ classes: "ne-marker at-0", text: "\u26914", key: "ne_marker", params: { n: 4 } }]);
  });

  it("puts the prophet's crown beside the flag of the prophet's card", () => {
    const flags = markFlags(marks, 9);
    assert.deepEqual(flags.map((flag) => flag.classes), ["ne-marker at-0", "ne-marker prophet-marker at-1"]);
    assert.equal(flags[1].key, "ne_prophet_marker");
  });

  it("puts nothing on other cards, or outside New Eleusis", () => {
    assert.deepEqual(markFlags(marks, 5), []);
    assert.deepEqual(markFlags(marks, null), []);
    assert.deepEqual(markFlags(null, 4), []);
  });
});

describe("scrollToShow", () => {
  const box = { top: 100, left: 0 };

  it("keeps the scroll when the newest card is in view", () => {
    assert.deepEqual(scrollToShow({ top: 500, left: 0 }, box, { top: 150, left: 40 }), { top: 500, left: 0 });
  });

  it("scrolls back up by as much as the card's top is above the box", () => {
    assert.deepEqual(scrollToShow({ top: 500, left: 0 }, box, { top: 60, left: 40 }), { top: 460, left: 0 });
  });

  it("scrolls back left by as much as the card's left is outside the box", () => {
    assert.deepEqual(scrollToShow({ top: 0, left: 300 }, box, { top: 120, left: -80 }), { top: 0, left: 220 });
  });
});

describe("scrollToShow with a margin", () => {
  it("leaves room above the newest card for its outline", () => {
    const box = { top: 100, left: 0 };
    assert.deepEqual(scrollToShow({ top: 500, left: 0 }, box, { top: 100, left: 40 }, 8), { top: 492, left: 0 });
    assert.deepEqual(scrollToShow({ top: 500, left: 0 }, box, { top: 120, left: 40 }, 8), { top: 500, left: 0 });
  });
});

describe("rowStart", () => {
  const rows = [0, 110, 220, 330];

  it("moves back to the top of the row the scroll cuts when the newest card still shows", () => {
    // From row 110 the newest card's foot (430) is 320 down: it fits a box of 345.
    assert.equal(rowStart(175, rows, 430, 345), 110);
  });

  it("keeps the scroll when moving back would hide the newest card", () => {
    // From row 0 the newest card's foot would be 430 down, below a box of 345.
    assert.equal(rowStart(75, rows, 430, 345), 75);
  });

  it("keeps a scroll at the top", () => {
    assert.equal(rowStart(0, rows, 300, 345), 0);
  });
});
