// The shared helpers that need no page: filling in words, and collecting elements by id.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { camelCase, elements } from "../../classroom/static/js/shared/dom.js";
import { addText, format, loadText, sentences, t, tNodes } from "../../classroom/static/js/shared/text.js";

describe("format", () => {
  it("fills the placeholders it has values for, and leaves the others", () => {
    assert.equal(format("{name} played {card}", { name: "Ana", card: "7♥" }), "Ana played 7♥");
    assert.equal(format("{name} played {card}", { name: "Ana" }), "Ana played {card}");
    assert.equal(format("{n} of {n}", { n: 3 }), "3 of 3");
  });
});

describe("t and tNodes", () => {
  const block = (words) => ({ textContent: JSON.stringify(words) });

  it("say the page's words, later blocks adding theirs", () => {
    loadText(block({ turn: "It is {name}'s turn." }));
    addText(block({ ne_marker: "marker {n}" }));
    assert.equal(t("turn", { name: "Ana" }), "It is Ana's turn.");
    assert.equal(t("ne_marker", { n: 2 }), "marker 2");
    assert.equal(t("missing"), "missing");
  });

  it("keep a parameter that is not text as it is, between the pieces of text", () => {
    loadText(block({ played: "{name} played {card}." }));
    const card = { node: "7♥" };
    assert.deepEqual(tNodes("played", { name: "Ana", card }), ["Ana", " played ", card, "."]);
  });
});

describe("elements", () => {
  const node = (id, children = []) => ({ id, querySelectorAll: () => children });

  it("keys every element with an id by its id in camel case, the root included", () => {
    const button = node("no-play-button");
    const plain = node("");
    const root = node("tablet", [button, plain, node("hand")]);
    const found = elements(root);
    assert.deepEqual(Object.keys(found).sort(), ["hand", "noPlayButton", "tablet"]);
    assert.equal(found.noPlayButton, button);
  });

  it("is empty without a root", () => {
    assert.deepEqual(elements(null), {});
  });

  it("turns ids into camel case", () => {
    assert.equal(camelCase("ne-call-right-text"), "neCallRightText");
    assert.equal(camelCase("layout"), "layout");
  });
});

describe("sentences", () => {
  it("puts a space between sentences, but none after a Japanese full stop", () => {
    assert.equal(sentences(["Tap a card.", "A wrong string costs 2."]), "Tap a card. A wrong string costs 2.");
    assert.equal(sentences(["押してね。", "不正解のストリングは…です。"]), "押してね。不正解のストリングは…です。");
    assert.equal(sentences(["The round is over.", ""]), "The round is over.");
  });
});
