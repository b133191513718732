// A New Eleusis table on the tablet: wiring its taps to `act` and `verdict`, and drawing
// what Express tables lack (the string being chosen, the waiting string, the prophet, sudden
// death). The Express-only controls (guessing the rule, predicting) stay hidden here.

import { show } from "../../shared/dom.js";
import { t } from "../../shared/text.js";
import { isNe } from "./feed.js";
import { renderNeActions } from "./hand.js";
import { renderNePending, verdictDue, wrongNeedsCard } from "./pending.js";
import { renderNeStatus } from "./table.js";

/** Wire the New Eleusis buttons; `page` has say, redraw and actions. */
export function setupNe(ui, local, page) {
  // The Express words of the shared buttons, put back when the table plays Express again.
  ui.playButton.dataset.plain = ui.playButton.textContent;
  ui.noPlayButton.dataset.plain = ui.noPlayButton.textContent;
  const act = (type, fields = {}) => page.actions.sendAs("act", { type, ...fields });
  ui.neClear.addEventListener("click", () => {
    local.ne.string = [];
    page.redraw();
  });
  ui.neDeclare.addEventListener("click", () => act("declare"));
  ui.neCallRight.addEventListener("click", () => act("call", { right: true }));
  ui.neCallWrong.addEventListener("click", () => act("call", { right: false }));
  ui.neShown.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    const view = local.view;
    if (!button || button.disabled || !view) return;
    const card = button.dataset.card;
    if (view.can.point) act("point", { card });
    else if (wrongNeedsCard(view)) {
      local.ne.dealerCard = local.ne.dealerCard === card ? null : card;
      page.redraw();
    }
  });
  const judge = (right) => {
    const view = local.view;
    const kind = view && verdictDue(view);
    if (!kind) return;
    const fields = { kind, right };
    if (!right && wrongNeedsCard(view)) {
      if (!local.ne.dealerCard) {
        page.say(t("pick_card_for_them"));
        return;
      }
      fields.card = local.ne.dealerCard;
    }
    page.actions.sendAs("verdict", fields);
  };
  ui.neJudgeRight.addEventListener("click", () => judge(true));
  ui.neJudgeWrong.addEventListener("click", () => judge(false));
}

/** Send the chosen string, in the order chosen. */
export function playString(local, page) {
  const cards = [...local.ne.string];
  return cards.length > 0 && page.actions.sendAs("act", { type: "play", cards });
}

/** Send a no-play (already confirmed in the dialog). */
export function sendNoPlay(page) {
  return page.actions.sendAs("act", { type: "no_play" });
}

/** Draw the New Eleusis parts, or hide them at an Express table. */
export function renderNe(view, ui, local, running) {
  const ne = isNe(view);
  show(ui.neActions, ne);
  ui.guesses.closest("section").hidden = ne;
  renderNeStatus(view, ui, ne && running);
  renderNePending(view, ui, local);
  if (ne) {
    renderNeActions(view, ui, local);
    // The prophet's hand is set aside: nothing to play while prophet.
    const prophet = view.prophet === view.me;
    show(ui.turnActions, !prophet);
    show(ui.neActions, !prophet || view.can.declare);
    return;
  }
  ui.playButton.textContent = ui.playButton.dataset.plain || ui.playButton.textContent;
  ui.noPlayButton.textContent = ui.noPlayButton.dataset.plain || ui.noPlayButton.textContent;
}
