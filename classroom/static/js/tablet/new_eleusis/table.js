// New Eleusis around the table: the status line (whose turn, whose call, whose verdict), who
// the prophet is, how far sudden death is, and the players' prophet and "out" badges.

import { h, show } from "../../shared/dom.js";
import { sentences, t, tn } from "../../shared/text.js";
import { perWrongCard } from "../costs.js";
import { nameOf } from "../names.js";

const JUDGING = ["judging_play", "judging_no_play", "judging_point"];

/** The status line of a New Eleusis table while a round runs. */
export function neStatusText(view, playing, yourTurn) {
  const name = (seat) => nameOf(view, seat);
  const pending = view.pending || {};
  if (view.status === "calling") {
    if (!view.can.call) return t("ne_waiting_call");
    return t(pending.no_play ? "ne_call_no_play_now" : "ne_call_now", { name: name(pending.seat) });
  }
  if (view.status === "pointing") {
    return view.can.point ? t("ne_point_now", { name: name(pending.seat) }) : t("ne_waiting_point");
  }
  if (JUDGING.includes(view.status)) {
    return view.dealer ? t("ne_waiting_dealer", { name: name(view.dealer) }) : t("ne_waiting_teacher");
  }
  if ((view.expelled || []).includes(view.me)) return t("ne_you_are_out");
  if (!playing) return t("not_playing");
  const parts = [yourTurn ? t("ne_your_turn_help") : t("their_turn", { name: name(view.turn) })];
  // What a wrong string costs, said before the player chooses one.
  if (yourTurn) parts.push(tn("ne_string_cost", perWrongCard(view)));
  if (view.can.declare) parts.unshift(t("ne_may_declare"));
  if (view.dealer) parts.push(t("dealer_is", { name: name(view.dealer) }));
  return sentences(parts);
}

/** The prophet's line and the sudden-death line under the status (hidden off New Eleusis). */
export function renderNeStatus(view, ui, running) {
  const prophet = running ? view.prophet : null;
  show(ui.neProphetLine, Boolean(prophet));
  ui.neProphetLine.textContent = prophet
    ? `\u265B ${prophet === view.me ? t("ne_you_are_prophet") : t("ne_prophet_is", { name: nameOf(view, prophet) })}`
    : "";
  const sudden = running ? view.sudden_death : null;
  show(ui.neSudden, Boolean(sudden));
  if (!sudden) return;
  const left = Math.max(sudden.threshold - sudden.count, 0);
  ui.neSudden.classList.toggle("on", sudden.on);
  ui.neSudden.textContent = sudden.on
    ? `\u26A0 ${t("ne_sudden_on")}`
    : left === 1
      ? t("ne_sudden_in_one")
      : t("ne_sudden_in", { n: left });
}

/** The badges a player's row wears at a New Eleusis table: the prophet's crown, "out". */
export function neBadges(view, seat) {
  if (view.mode !== "new_eleusis") return [];
  return [
    seat.prophet ? h("span", { class: "badge prophet-badge" }, `\u265B ${t("ne_prophet")}`) : null,
    seat.expelled ? h("span", { class: "badge out-badge" }, t("ne_out")) : null,
  ];
}

/** The numbers and markers the layout draws on its cards, or null at an Express table. */
export function neMarks(view) {
  if (view.mode !== "new_eleusis" || !view.numbers) return null;
  return { numbers: view.numbers, markers: view.markers || [], prophet: view.prophet_marker };
}
