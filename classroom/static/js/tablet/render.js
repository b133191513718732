// Drawing the student view. Regions that hold what the student is doing (the guess box, the
// buttons) are in the page already and only shown, hidden or enabled here; lists are redrawn.

import { cardFace, cardInline, sortHand } from "../shared/cards.js";
import { fill, h, show } from "../shared/dom.js";
import { sentences, t, tNodes, tn } from "../shared/text.js";
import { wrongNoPlayCost } from "./costs.js";
import { isDealer, renderChooser, renderDealer } from "./dealer.js";
import { renderRecent } from "./feed.js";
import { renderJournal } from "./journal.js";
import { renderLayout } from "./layout.js";
import { nameOf } from "./names.js";
import { ownTable } from "./games.js";
import { neBadges, neMarks } from "./new_eleusis/table.js";
import { renderNe } from "./new_eleusis/turn.js";
import { outcomeText, waitingText } from "./notices.js";
import { predictStatus } from "./predict.js";

export { nameOf };

/** Draw everything; `ui` holds the page's elements, `local` the tablet's own state. */
export function render(view, ui, local) {
  const me = view.seats.find((s) => s.seat === view.me);
  ui.groupName.textContent = view.group.name;
  ui.className.textContent = view.class_name;
  ui.meName.textContent = me ? me.nickname : "";
  // While a student dealer chooses the next rule, the last round's table is not shown.
  const hasRound = view.status !== "lobby" && view.status !== "choosing_rule";
  const playing = Boolean(me && me.playing);
  const dealing = isDealer(view);
  show(ui.paused, Boolean(view.paused));
  renderStatus(view, ui, playing);
  renderChooser(view, ui, local);
  renderDealer(view, ui, local);
  show(ui.tableArea, hasRound);
  show(ui.handArea, hasRound && playing && view.status !== "over");
  if (hasRound) {
    ui.stockCount.textContent = String(view.stock);
    renderLayout(ui.layout, view.mainline, view.sidelines, neMarks(view));
  }
  renderHand(view, ui, local);
  fill(ui.outcome, local.outcome ? outcomeText(local.outcome, (view.hand || []).length) : waitingText(view));
  renderActions(view, ui, local);
  renderNe(view, ui, local, hasRound && view.status !== "over");
  renderJournal(view, ui, local, playing);
  renderRoundOver(view, ui);
  // The dealer's own rule is in the dealer's panel; this box is for a revealed rule.
  renderRule(view, ui, local.ruleTexts, hasRound && !dealing);
  // The last round's people, guesses and hints are not this round's: not shown meanwhile.
  renderPlayers(view, ui, hasRound);
  renderGuesses(view, ui, hasRound, local.guessWords);
  renderHints(view, ui, hasRound);
  renderRecent(view, ui.recent, hasRound ? local.feed : [], local.guessWords);
}

/**
 * The revealed rule in plain words (the dealer's own, or the library's text), with the rule
 * language below for those who want it.
 */
function renderRule(view, ui, ruleTexts, shown) {
  const words = view.rule_words || (view.rule_id && ruleTexts[view.rule_id]) || "";
  show(ui.ruleBox, shown && Boolean(view.rule));
  ui.ruleWords.textContent = words;
  show(ui.ruleWords, Boolean(words));
  ui.ruleText.textContent = view.rule || "";
  // A rule the dealer wrote in plain words has no other form to show.
  show(ui.ruleCodeBox, Boolean(view.rule) && view.rule !== words);
  // Without plain words the rule language is all there is: shown open. Set only when the rule
  // changes, so a box the student opened stays open through the next update.
  const key = `${view.rule}\n${words}`;
  if (ui.ruleCodeBox.dataset.key !== key) {
    ui.ruleCodeBox.dataset.key = key;
    ui.ruleCodeBox.open = !words;
  }
}

function renderStatus(view, ui, playing) {
  const yourTurn = view.can.play || view.can.no_play;
  show(ui.turnBanner, yourTurn);
  ui.statusLine.textContent = statusText(view, playing, yourTurn);
  const mine = yourTurn || view.can.guess || view.can.call || view.can.point || view.can.declare;
  ui.statusLine.classList.toggle("for-me", mine);
}

function statusText(view, playing, yourTurn) {
  const name = (seat) => nameOf(view, seat);
  const judged = view.status === "judging_guess" ? lastGuesser(view) : view.pending && view.pending.seat;
  switch (view.status) {
    case "lobby":
      return t("lobby");
    case "choosing_rule":
      return view.choose_rule ? t("choose_now") : t("choosing_rule", { name: name(view.dealing) });
    case "over":
      return sentences([t("over"), endText(view)]);
    default:
      break;
  }
  if (isDealer(view)) return t("you_deal");
  if (view.paused) return t("paused_status");
  const own = ownTable(view);
  if (own) return own.statusText(view, playing, yourTurn);
  const predicting = predictStatus(view);
  if (predicting) return predicting;
  if (view.status.startsWith("judging_")) {
    const kind = view.status.slice("judging_".length);
    const whose = judged === view.me ? "my_" : "";
    const who = view.dealer ? "waiting_dealer" : "teacher_judging";
    return t(`${who}_${whose}${kind}`, { dealer: name(view.dealer), name: name(judged) });
  }
  if (!playing) return t("not_playing");
  if (view.can.guess) return t("guess_now");
  const parts = [yourTurn ? t("your_turn_help") : t("their_turn", { name: name(view.turn) })];
  if (view.status === "guess_window" && view.guesser) {
    parts.push(t("may_guess", { name: name(view.guesser) }));
  }
  if (view.dealer) parts.push(t("dealer_is", { name: name(view.dealer) }));
  return sentences(parts);
}

function lastGuesser(view) {
  const guesses = view.guesses || [];
  return view.guesser || (guesses.length ? guesses[guesses.length - 1].seat : null);
}

function endText(view) {
  if (!view.end) return "";
  const name = view.end.winner ? nameOf(view, view.end.winner) : "";
  return t(`end_${view.end.reason}`, { name });
}

function renderHand(view, ui, local) {
  const hand = sortHand(view.hand || []);
  if (local.selected && !hand.includes(local.selected)) local.selected = null;
  const key = hand.join(",");
  if (ui.hand.dataset.key !== key) {
    ui.hand.dataset.key = key;
    fill(
      ui.hand,
      hand.map((card) =>
        cardFace(card, {
          tag: "button",
          classes: "in-hand",
          type: "button",
          dataset: { card },
          "aria-pressed": "false",
        }),
      ),
    );
  }
  const choosable = view.can.play && !local.busy;
  ui.handCount.textContent = hand.length ? `(${hand.length})` : "";
  const own = ownTable(view);
  if (own) {
    own.renderHand(view, ui, local, choosable);
    return;
  }
  let marked = false;
  for (const button of ui.hand.children) {
    // Two decks: a hand may hold the same card twice; one of them shows as selected.
    const selected = !marked && button.dataset.card === local.selected;
    marked = marked || selected;
    button.setAttribute("aria-pressed", String(selected));
    button.classList.toggle("selected", selected);
    button.disabled = !choosable;
  }
  fill(ui.selectedCard, local.selected ? tNodes("selected", { card: cardInline(local.selected) }) : []);
}

function renderActions(view, ui, local) {
  const { can } = view;
  const guessing = can.guess || can.pass;
  show(ui.turnActions, !guessing);
  ui.playButton.disabled = local.busy || !can.play || !local.selected;
  ui.noPlayButton.disabled = local.busy || !can.no_play;
  // The turn moved on (a pause, a skipped turn) while the student was asked to confirm.
  if (ui.noPlayDialog.open && !can.no_play) ui.noPlayDialog.close();
  ui.noPlayText.textContent = tn("no_play_cost", wrongNoPlayCost(view));
  show(ui.guessForm, guessing);
  ui.guessText.disabled = local.busy || !can.guess;
  ui.guessButton.disabled = local.busy || !can.guess;
  ui.passButton.disabled = local.busy || !can.pass;
  ui.tablet.classList.toggle("busy", local.busy);
}

function renderRoundOver(view, ui) {
  const over = view.status === "over";
  show(ui.roundOver, over);
  if (!over) return;
  ui.endReason.textContent = endText(view);
  const players = view.seats.filter((s) => s.playing);
  const best = Math.max(...players.map((s) => s.score ?? -Infinity));
  const winner = (s) => (view.end && view.end.winner ? s.seat === view.end.winner : s.score === best);
  const rows = [...players]
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0))
    .map((s) =>
      h(
        "tr",
        { class: winner(s) ? "winner" : null, dataset: { seat: s.seat, nickname: s.nickname } },
        h(
          "th",
          { scope: "row" },
          s.seat === view.me ? t("you_suffix", { name: s.nickname }) : s.nickname,
          winner(s) ? h("span", { class: "badge" }, `\u2605 ${t("winner")}`) : null,
        ),
        h("td", {}, String(s.cards ?? "")),
        h("td", { class: "score" }, String(s.score ?? "")),
      ),
    );
  fill(ui.finalScores, rows);
  // Only a student dealer scores; when the app deals there is nobody to score.
  const scored = Boolean(view.dealer) && view.dealer_score !== null && view.dealer_score !== undefined;
  ui.dealerScore.textContent = scored ? t("dealer_score", { score: view.dealer_score }) : "";
}

function renderPlayers(view, ui, hasRound) {
  const rows = view.seats.map((s) => {
    const turn = hasRound && view.turn === s.seat && view.status !== "over";
    return h(
      "tr",
      {
        class: [turn ? "turn" : "", s.seat === view.me ? "me" : "", hasRound && s.expelled ? "expelled" : ""]
          .join(" ")
          .trim() || null,
        dataset: { seat: s.seat, nickname: s.nickname },
      },
      h(
        "th",
        { scope: "row" },
        s.seat === view.me ? t("you_suffix", { name: s.nickname }) : s.nickname,
        turn ? h("span", { class: "badge turn-badge" }, t("turn_mark")) : null,
        hasRound ? neBadges(view, s) : null,
      ),
      h("td", {}, hasRound && s.playing ? String(s.cards) : "–"),
      h("td", {}, hasRound && s.playing ? String(s.score) : "–"),
    );
  });
  fill(ui.players, rows);
}

/**
 * Who guessed what, newest first. A guess built by taps (a robot's too) is said in the
 * builder's words, its rule language small below; a guess typed by hand is shown as written.
 */
function renderGuesses(view, ui, hasRound, guessWords) {
  const guesses = hasRound ? view.guesses || [] : [];
  const items = guesses.map((g) => {
    const verdict = g.right === null ? "waiting" : g.right ? "right" : "wrong";
    const mark = { waiting: "\u2026", right: "\u2714", wrong: "\u2718" }[verdict];
    const words = guessWords ? guessWords.wordsOf(g.text) : null;
    return h(
      "li",
      { class: `guess ${verdict}` },
      h("span", { class: "who" }, g.seat === view.me ? t("you") : nameOf(view, g.seat)),
      h("q", { class: words ? "what guess-words" : "what" }, words || g.text),
      words ? h("code", { class: "guess-code" }, g.text) : null,
      h("span", { class: "verdict" }, `${mark} ${t(verdict)}`),
    );
  });
  fill(ui.guesses, items.length ? items.reverse() : h("li", { class: "none" }, t("no_guesses")));
}

function renderHints(view, ui, hasRound) {
  const hints = hasRound ? view.hints || [] : [];
  fill(ui.hints, hints.length ? hints.map((hint) => h("li", {}, hint)) : h("li", { class: "none" }, t("no_hints")));
}
