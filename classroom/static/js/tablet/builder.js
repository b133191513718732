// The hypothesis builder: a child chooses a sentence ("Only … cards"), taps each blank and picks
// a picture (a suit symbol with its name, a colour swatch, numbers). The server turns it into the
// rule language, says at once whether it fits every card on the table so far, and keeps it in
// the journal or says it as the child's guess. Templates and words come from the server.

import { fill, h, show } from "../shared/dom.js";
import { format } from "../shared/text.js";

const ACK_TIMEOUT_MS = 6000;
const RED_GLYPHS = new Set(["♥", "♦"]);
const BLANK = /\{(\w+)\}/g;

function readText(root) {
  try {
    return JSON.parse(root.dataset.text || "{}");
  } catch {
    return {};
  }
}

/** A picture as text, with the red suits' symbols drawn red (their names are said beside). */
function picture(text) {
  return h(
    "span",
    { class: "builder-picture", "aria-hidden": "true" },
    [...String(text)].map((glyph) =>
      RED_GLYPHS.has(glyph) ? h("span", { class: "red" }, glyph) : glyph,
    ),
  );
}

function choiceFace(choice) {
  const swatch = `builder-swatch swatch-${choice.swatch}`;
  // "♠ spades" under a big ♠: the name is enough beside the picture (the sentence keeps both).
  const label = String(choice.label);
  const picturePrefix = String(choice.picture);
  const name = label.startsWith(picturePrefix) ? label.slice(picturePrefix.length).trim() : label;
  return [
    choice.swatch ? h("span", { class: swatch, "aria-hidden": "true" }) : null,
    picture(choice.picture),
    h("span", { class: "builder-label" }, name || label),
  ];
}

/** Split a sentence with {blank} markers into text and the blank ids, in order. */
function parts(sentence) {
  const found = [];
  let last = 0;
  for (const match of sentence.matchAll(BLANK)) {
    found.push(sentence.slice(last, match.index), { blank: match[1] });
    last = match.index + match[0].length;
  }
  found.push(sentence.slice(last));
  return found.filter((part) => part !== "");
}

/**
 * Wire the builder (`ui`: the page's elements) to the tablet's socket; `currentView` gives the
 * view last drawn, `guessWords` the words of guesses (guess_words.js).
 */
export function setupBuilder(ui, socket, currentView, guessWords) {
  if (!ui.builder) return;
  const text = readText(ui.builder);
  const say = (key, params = {}) => format(text[key] || key, params);
  const state = {
    templates: [],
    template: null, // the id of the sentence chosen
    choices: {}, // blank id to choice id
    active: null, // the blank whose choices show
    result: null, // the server's answer to the last check
    sending: false,
    touched: false, // the child opened or closed the builder: it stays so
  };

  const template = () => state.templates.find((each) => each.id === state.template) || null;
  const complete = () =>
    Boolean(template()) && template().blanks.every((blank) => state.choices[blank.id]);
  const gap = () => h("span", { class: "builder-gap", "aria-hidden": "true" }, "…");

  function drawTemplates() {
    fill(
      ui.builderTemplates,
      state.templates.map((each) =>
        h(
          "button",
          {
            type: "button",
            role: "radio",
            class: "button builder-template",
            dataset: { template: each.id },
            "aria-checked": String(each.id === state.template),
          },
          // One span, so that the button's flex layout wraps the sentence as one line of text.
          h("span", {}, parts(each.sentence).map((part) => (typeof part === "string" ? part : gap()))),
        ),
      ),
    );
  }

  function drawSentence() {
    const chosen = template();
    show(ui.builderWork, Boolean(chosen));
    if (!chosen) return;
    fill(
      ui.builderSentence,
      parts(chosen.sentence).map((part) => (typeof part === "string" ? part : blankButton(chosen, part.blank))),
    );
    const blank = chosen.blanks.find((each) => each.id === state.active);
    fill(ui.builderChoices, blank ? blank.choices.map((choice) => choiceButton(blank, choice)) : []);
    ui.builderChoices.setAttribute("aria-label", say("choose_for"));
  }

  function blankButton(chosen, blankId) {
    const blank = chosen.blanks.find((each) => each.id === blankId);
    const choice = blank && blank.choices.find((each) => each.id === state.choices[blankId]);
    const props = {
      type: "button",
      class: "button builder-blank",
      dataset: { blank: blankId },
      "aria-pressed": String(state.active === blankId),
      "aria-label": choice ? null : say("blank"),
    };
    const empty = h("span", { class: "builder-empty", "aria-hidden": "true" }, "?");
    return h("button", props, choice ? choiceFace(choice) : empty);
  }

  function choiceButton(blank, choice) {
    const props = {
      type: "button",
      class: "button builder-choice",
      dataset: { choice: choice.id },
      "aria-pressed": String(state.choices[blank.id] === choice.id),
    };
    return h("button", props, choiceFace(choice));
  }

  function drawResult() {
    const result = state.result;
    show(ui.builderResult, Boolean(result));
    if (result) {
      const verdict = result.checking ? "checking" : result.fits ? "fits" : "misfit";
      ui.builderFit.className = `builder-fit ${verdict}`;
      if (result.checking) fill(ui.builderFit, say("checking"));
      else {
        const words = result.words ? h("span", { class: "builder-words" }, say("quoted", { words: result.words })) : null;
        fill(ui.builderFit, words, result.ok ? say(result.fits ? "fits" : "does_not_fit") : null);
      }
      fill(ui.builderMessage, result.message || "");
      show(ui.builderCodeBox, Boolean(result.rule_text));
      ui.builderCode.textContent = result.rule_text || "";
    }
    const ready = Boolean(result && !result.checking && result.ok) && !state.sending;
    const view = currentView();
    const canGuess = Boolean(view && view.can && view.can.guess);
    ui.builderJournal.disabled = !ready;
    show(ui.builderGuess, canGuess);
    ui.builderGuess.disabled = !ready || !canGuess;
  }

  function draw() {
    drawTemplates();
    drawSentence();
    drawResult();
  }

  // A student dealer judging a built guess reads it in words too, under its rule language.
  const dealerWords = h("p", { class: "builder-dealer-words", hidden: true });
  if (ui.verdictGuess) ui.verdictGuess.after(dealerWords);

  function followGuess(view) {
    const guesses = (view && view.guesses) || [];
    const judging = view && view.status === "judging_guess" && "verdict_due" in view;
    const guess = judging && guesses.length ? guesses[guesses.length - 1].text : null;
    const words = guess && guessWords ? guessWords.wordsOf(guess) : null;
    dealerWords.textContent = words ? say("dealer_words", { words }) : "";
    show(dealerWords, Boolean(words));
  }
  if (guessWords) guessWords.onLearnt(() => followGuess(currentView()));

  /** The builder shows to players in a round; a dealer has the rule and builds nothing. */
  function follow() {
    const view = currentView();
    const dealing = view && (view.choose_rule || "verdict_due" in view);
    const playing = Boolean(view) && view.status !== "lobby" && !dealing;
    show(ui.builder, playing && state.templates.length > 0);
    drawResult();
    followGuess(view);
  }

  function emit(event, payload, done) {
    if (!socket.connected) {
      ui.builderNote.textContent = say("reconnecting");
      return;
    }
    socket.timeout(ACK_TIMEOUT_MS).emit(event, payload, (error, answer) => {
      done(error ? { ok: false, error: say("not_applied") } : answer || {});
    });
  }

  function check() {
    if (!complete()) {
      state.result = null;
      drawResult();
      return;
    }
    const asked = { template: state.template, choices: { ...state.choices } };
    state.result = { checking: true };
    drawResult();
    emit("builder_check", asked, (answer) => {
      const same = asked.template === state.template;
      if (!same || JSON.stringify(asked.choices) !== JSON.stringify(state.choices)) return; // stale
      state.result = answer.ok ? answer : { ok: false, fits: false, message: answer.error };
      drawResult();
    });
  }

  function submit(to) {
    if (state.sending || !complete()) return;
    state.sending = true;
    ui.builderNote.textContent = "";
    drawResult();
    const actionId = `b-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const payload = { template: state.template, choices: { ...state.choices }, to, action_id: actionId };
    emit("builder_submit", payload, (answer) => {
      state.sending = false;
      const done = say(to === "guess" ? "guessed" : "saved");
      ui.builderNote.textContent = answer.ok ? done : answer.error || say("not_applied");
      ui.builderNote.classList.toggle("problem", !answer.ok);
      drawResult();
    });
  }

  ui.builderTemplates.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-template]");
    if (!button || button.dataset.template === state.template) return;
    state.template = button.dataset.template;
    state.choices = {};
    state.active = template().blanks[0].id;
    state.result = null;
    ui.builderNote.textContent = "";
    draw();
  });
  ui.builderSentence.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-blank]");
    if (!button) return;
    state.active = state.active === button.dataset.blank ? null : button.dataset.blank;
    drawSentence();
  });
  ui.builderChoices.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-choice]");
    if (!button || !state.active) return;
    state.choices[state.active] = button.dataset.choice;
    const next = template().blanks.find((blank) => !state.choices[blank.id]);
    state.active = next ? next.id : null;
    ui.builderNote.textContent = "";
    drawSentence();
    check();
  });
  ui.builderJournal.addEventListener("click", () => submit("journal"));
  ui.builderGuess.addEventListener("click", () => submit("guess"));
  ui.builder.addEventListener("toggle", () => {
    state.touched = true;
  });

  // The view is drawn by main.js's own handlers, registered first: by the time these run, the
  // view they read is the new one.
  for (const event of ["state", "update"]) socket.on(event, follow);
  // A new card on the table may change the answer: the check is asked for again.
  socket.on("events", () => {
    follow();
    if (complete()) check();
  });
  socket.on("connect", () => {
    if (state.templates.length) {
      check(); // the table may have changed while the tablet was away
      return;
    }
    emit("builder_templates", {}, (answer) => {
      if (!answer.ok || !Array.isArray(answer.templates)) return;
      state.templates = answer.templates;
      if (answer.open && !state.touched) ui.builder.open = true;
      draw();
      follow();
    });
  });
}
