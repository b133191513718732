// The projector's pages: the grid for a number of tiles, and how the groups split into pages.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  density,
  gridShape,
  pageOf,
  pageSpan,
  perPageChoices,
  split,
} from "../../classroom/static/js/projector/grid.js";

describe("gridShape", () => {
  it("lays tiles out wide, as many columns as the screen takes", () => {
    const shapes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12].map((count) => gridShape(count, false));
    assert.deepEqual(shapes, [[1, 1], [2, 1], [3, 1], [2, 2], [3, 2], [3, 2], [4, 2], [4, 2], [3, 3], [4, 3], [4, 3]]);
  });

  it("is narrower while the join panel takes the left of the screen", () => {
    assert.deepEqual(gridShape(2, true), [1, 2]);
    assert.deepEqual(gridShape(3, true), [2, 2]);
    assert.deepEqual(gridShape(8, true), [3, 3]);
    assert.deepEqual(gridShape(12, true), [3, 4]);
  });

  it("has room for every tile", () => {
    for (const joining of [false, true]) {
      for (let count = 1; count <= 12; count += 1) {
        const [columns, rows] = gridShape(count, joining);
        assert.ok(columns * rows >= count, `${count} tiles, joining ${joining}`);
      }
    }
  });
});

describe("density", () => {
  it("starts the text smaller as tiles get more", () => {
    assert.deepEqual([1, 2, 3, 6, 7, 12].map(density), ["large", "large", "medium", "medium", "small", "small"]);
  });
});

describe("split", () => {
  it("cuts the groups into pages in order, the last one shorter", () => {
    assert.deepEqual(split([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
    assert.deepEqual(split([1, 2, 3], 3), [[1, 2, 3]]);
  });

  it("gives one empty page when there is no group", () => {
    assert.deepEqual(split([], 4), [[]]);
  });
});

describe("perPageChoices", () => {
  it("tries every group on one page first, then pages as even as can be", () => {
    assert.deepEqual(perPageChoices(12), [12, 6, 4, 3, 2, 1]);
    assert.deepEqual(perPageChoices(7), [7, 4, 3, 2, 1]);
    assert.deepEqual(perPageChoices(1), [1]);
    assert.deepEqual(perPageChoices(0), []);
  });
});

describe("pageOf and pageSpan", () => {
  const ids = [11, 12, 13, 14, 15, 16, 17];

  it("finds the page of a group, the first for one that is gone", () => {
    assert.equal(pageOf(ids, 11, 3), 0);
    assert.equal(pageOf(ids, 14, 3), 1);
    assert.equal(pageOf(ids, 17, 3), 2);
    assert.equal(pageOf(ids, 99, 3), 0);
  });

  it("says which groups a page shows, of how many", () => {
    assert.deepEqual(pageSpan(ids, 3, 0), { first: 1, last: 3, total: 7, page: 1, pages: 3 });
    assert.deepEqual(pageSpan(ids, 3, 2), { first: 7, last: 7, total: 7, page: 3, pages: 3 });
    assert.deepEqual(pageSpan(ids, 4, 1), { first: 5, last: 7, total: 7, page: 2, pages: 2 });
  });
});
