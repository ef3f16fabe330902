"""First Team: Vietnam campaign app: play the US side turn by turn against the programmed NVA."""

from __future__ import annotations

from html import escape

import ipywidgets as ipw

from rulebook.games.first_team._pieces import regiment_name
from rulebook.games.first_team._state import EXITED, UNKNOWN
from rulebook.games.first_team.engine import CampaignGame, new_campaign
from rulebook.games.first_team.policy import scripted_policy
from rulebook.maps.point_map import AN_KHE
from rulebook.render import provenance_badge
from rulebook.render.svg import point_map_svg
from widgets._page import app_page
from widgets.options import OptionsPanel
from widgets.stepper import GameStepper

__all__ = ["CampaignStepper", "campaign_app"]


class CampaignStepper(GameStepper):
    """The stepper with the campaign's status, the point map, the Zone Display and the support pool."""

    game: CampaignGame
    has_chance = False

    def make_map(self) -> ipw.HTML:
        view = ipw.HTML()
        view.add_class("rb-ftv-map")
        return view

    def policy(self, seed: int):
        return scripted_policy()

    def status_html(self) -> str:
        g, s = self.game, self.game.board
        player = g.current_player() or "nobody: the campaign is over"
        outcome = g.outcome()
        ending = (
            f"<div class='rb-outcome'><b>{escape(str(outcome['level']))}</b>: NVA {outcome['nva_vp']} VP, "
            f"US casualty points {outcome['us_casualty_points']}, US companies lost "
            f"{outcome['us_companies_lost']}</div>"
            if outcome
            else ""
        )
        segment = f", {escape(s.segment)}" if s.segment else ""
        changed = [
            f"{name}={value}"
            for name, value in s.options.items()
            if name in g.scenario.options and value != g.scenario.options[name].default
        ]
        rules = (
            f"<br><span class='rb-options'>Options: {escape(', '.join(changed))}</span>"
            if changed
            else ""
        )
        return (
            f"<b>Turn {s.turn}</b> of 15, {escape(s.phase)}{segment}. CPs left: <b>{s.cp.left}</b>. "
            f"NVA VP so far: {s.vp}. US casualty points: {s.casualty_points}."
            f"<br>To act: <b class='rb-player'>{escape(player)}</b>{ending}{rules}"
        )

    def update_map(self) -> None:
        s = self.game.board
        counts = {}
        for loc in [*s.map.locations, AN_KHE]:
            us, nva = len(s.board.us(loc)), len(s.board.nva(loc))
            supply = s.board.supply.get(loc, 0)
            parts = [
                f"{us} US" if us else "",
                f"{nva} NVA" if nva else "",
                f"S{supply}" if supply else "",
            ]
            label = " ".join(p for p in parts if p)
            if label:
                counts[loc] = label
        zones = []
        for zone in "ABCDEFGHIJ":
            units = s.zone_units(zone)
            if units:
                zones.append(f"<td>{zone}: {len(units)}</td>")
        unknown = len(s.zone_units(UNKNOWN))
        exited = sum(1 for z in s.box.values() if z == EXITED)
        pool = {}
        for unit in s.support.values():
            state = (
                unit.box
                if unit.box != "an-khe"
                else ("fatigued" if unit.fatigued else "fired" if unit.fired else "ready")
            )
            pool.setdefault(unit.kind, {}).setdefault(state, 0)
            pool[unit.kind][state] += 1
        support = "".join(
            f"<tr><td>{escape(kind)}</td><td>{escape(', '.join(f'{n} {k}' for k, n in states.items()))}</td></tr>"
            for kind, states in pool.items()
        )
        self.map_view.value = (
            f"<div class='rb-ftv-board' data-turn='{s.turn}'>"
            f"<p>Map {provenance_badge('reconstructed')}: counts per location (S = supply steps); "
            "lettered zones, roads orange, jungle green, rivers blue, mountains black.</p>"
            f"{point_map_svg(s.map, 760, counts=counts)}"
            f"<p><b>Zone Display</b>: Unknown Box {unknown}; identified "
            f"<table class='rb-zones'><tr>{''.join(zones) or '<td>none</td>'}</tr></table>"
            f"{exited} broken compan{'y' if exited == 1 else 'ies'} gone to Cambodia.</p>"
            f"<details><summary>Support counters</summary><table>{support}</table></details>"
            f"{self._batteries_html()}</div>"
        )

    def _batteries_html(self) -> str:
        """The NVA batteries of optional rule 6.2, when it is in play: who carries each, and where."""
        s = self.game.board
        if not s.batteries:
            return ""
        rows = []
        for regiment, b in sorted(s.batteries.items()):
            where = s.where(s.nva[b.company]) if b.company else None
            state = "eliminated" if b.eliminated else "fired" if b.fired else "ready"
            rows.append(
                f"<tr><td>{regiment_name(regiment)}</td><td>{escape(b.company or '-')}</td>"
                f"<td>{escape(where or 'off the map')}</td><td>{state}</td></tr>"
            )
        lost = ", ".join(s.aircraft_destroyed) or "none"
        return (
            "<p class='rb-ftv-batteries'><b>NVA batteries</b> (ftv:6.2): aircraft lost to AA: "
            f"{escape(lost)}</p><table><tr><th>battery</th><th>with</th><th>where</th><th>state</th></tr>"
            + "".join(rows)
            + "</table>"
        )


def campaign_app(seed: int = 1965) -> ipw.VBox:
    intro = (
        "<h1>First Team: Vietnam: the campaign</h1><p>Play the 1st Cavalry Division against the "
        "programmed NVA of section 3.5, fifteen two-day turns from 27 October 1965. Pick an action "
        "and apply it, or let the scripted US player take one decision, a phase or a turn. Every "
        "entry of the log opens the rules it set off: the NVA's targets, its movement scores and "
        "every die. The map, counters and three tables are reconstructed; the rules are the "
        "book's. Under <i>Options</i>, switch on the optional rules of section 6 (Cambodia, "
        "NVA artillery), the author's house rule and the readings of ambiguous cases.</p>"
    )
    stepper = CampaignStepper(new_campaign(seed=seed), saves="saves")

    def start(new_seed: int, options: dict) -> None:
        stepper.game = new_campaign(seed=new_seed, options=options)
        stepper.refresh()

    options = OptionsPanel(stepper.game.scenario, start, seed=seed)
    return app_page(intro, options, stepper)
