// What the tablet says became of the student's own New Eleusis play: the penalty the engine
// deals (2 per card of a wrong string, 5 for a wrong no-play), or nothing when the prophet takes
// the blame (a refuted call, no-play case 3, a wrong point).

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { neOutcomeOf } from "../../classroom/static/js/tablet/new_eleusis/feed.js";

const VIEW = { me: "1", penalties: { per_wrong_card: 2, wrong_no_play: 5, new_hand_fewer: 4, most_cards_per_play: 4 } };
const OVERTHROWN = [{ kind: "overthrown", seat: "3" }];

describe("neOutcomeOf", () => {
  it("a wrong string of three cards: 6 penalty cards, 2 for each", () => {
    const event = { kind: "judged", seat: "1", cards: ["5H", "7D", "9S"], correct: false };
    const outcome = neOutcomeOf(VIEW, event, []);
    assert.equal(outcome.key, "ne_out_wrong");
    assert.equal(outcome.count, 6);
    assert.equal(outcome.per, 2);
  });

  it("a wrong no-play: the card played for them and 5 penalty cards", () => {
    const event = { kind: "no_play_judged", seat: "1", right: false, card: "8C" };
    assert.deepEqual(neOutcomeOf(VIEW, event, []), { key: "out_no_play_wrong", card: "8C", count: 5 });
  });

  it("no-play case 3 (the prophet said none, the dealer plays one): nothing drawn", () => {
    const event = { kind: "no_play_judged", seat: "1", right: false, card: "8C" };
    assert.deepEqual(neOutcomeOf(VIEW, event, OVERTHROWN), { key: "ne_out_no_play_wrong_free", card: "8C" });
  });

  it("no-play case 4: a wrong point costs the player nothing; a right one 5", () => {
    const point = { kind: "no_play_judged", seat: "1", right: false, card: "8C" };
    assert.equal(neOutcomeOf(VIEW, point, OVERTHROWN).key, "ne_out_no_play_wrong_free");
    assert.equal(neOutcomeOf(VIEW, point, [{ kind: "marked", count: 30 }]).count, 5);
    // The agreement that the prophet must point says nothing yet.
    assert.equal(neOutcomeOf(VIEW, { kind: "no_play_judged", seat: "1", right: false }, []), null);
  });

  it("a string the prophet wrongly called right: nothing drawn", () => {
    const event = { kind: "judged", seat: "1", cards: ["5H"], correct: false };
    assert.equal(neOutcomeOf(VIEW, event, OVERTHROWN).key, "ne_out_wrong_free");
  });
});
