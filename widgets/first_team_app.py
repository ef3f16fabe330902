"""First Team: Vietnam campaign app: play the US side turn by turn against the programmed NVA.

The point map sits in the middle with every company, supply step, HOLD and fatigue marker; beside
it the CP track, the casualty track, the NVA VP and the Zone Display. After each turn a summary
says what the turn cost and what the NVA did, so a whole turn played by the scripted player never
passes unseen.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from rulebook.games._decisions import Action
from rulebook.games._narrate import Sentence, counted
from rulebook.games.first_team._pieces import regiment_name
from rulebook.games.first_team._state import EXITED, UNKNOWN
from rulebook.games.first_team.engine import CampaignGame, new_campaign
from rulebook.games.first_team.narrate import action_places, describe, narrate
from rulebook.games.first_team.policy import scripted_policy
from rulebook.maps.point_map import AN_KHE
from rulebook.scenario import Game, load_playable
from widgets._page import app_page
from widgets._play_style import CHIP, HOLD_CHIP, LZ_CHIP, play_style
from widgets.game_log import rule_links, sentences_html
from widgets.options import OptionsPanel
from widgets.point_map_view import PointMapView
from widgets.scenario_files import linked_scenario, scenario_from_query
from widgets.stepper import GameStepper

__all__ = ["CampaignStepper", "campaign_app"]

SUMMARY_SENTENCES = 5  # of the NVA phase, under the map; the log has them all
CASUALTY_TRACK = 40  # boxes drawn; the count itself is shown as a number past that


#: What the chips on the map mean, drawn as :meth:`CampaignStepper._counters` draws them (LZ
#: Albany's map has its key; a review found this one without).
COUNTER_KEY = (
    "<div class='rb-counter-key'>Counters: <i class='rb-ctr rb-us'></i> US company (its "
    "fatigue written in it; <i class='rb-ctr rb-us'>G</i> a camp's garrison; "
    "<i class='rb-ctr rb-us rb-reduced'></i> broken), <i class='rb-ctr rb-nva'></i> NVA company "
    "(<i class='rb-ctr rb-nva'>•</i> a dot for each step lost; "
    "<i class='rb-ctr rb-nva rb-reduced'></i> broken); <i class='rb-ctr rb-supply'>2</i> supply; "
    "<i class='rb-ctr rb-hold'>HOLD</i> a unit holding; <i class='rb-ctr rb-fatigue'>LZ</i> a "
    "landing zone found; <i class='rb-ctr rb-lz-down'>?</i> an LZ marker face down.</div>"
)


class CampaignStepper(GameStepper):
    """The stepper with the campaign's tracks, the point map, the Zone Display and the support pool."""

    game: CampaignGame
    has_chance = False
    game_key = "first-team"
    player_label = "the scripted US player"
    # A teacher steps the campaign's fifteen turns with this button. At the panel's foot, under
    # the tracks, the Zone Display and what the last step did, it fell below a 1024 x 768
    # projector's first screen after the first step; under Back and Forward it stays put. Its
    # words are short enough to sit beside the pace on one line.
    computer_on_top = True
    auto_label = "Scripted US plays"
    # The campaign's sentences run long: three of them ran past "Just done"'s three lines, cut
    # mid-sentence ("… 85 more sentences in the log … 75 Turn 4:"). The first and the last.
    latest_most = 2
    stack_hint = "Point at a location of the map to read here what stands in it."

    # --- the map ----------------------------------------------------------------------

    def make_map(self) -> PointMapView:
        view = PointMapView(
            self.game.board.map, height="540px", wheel_zoom=False
        )  # (as LZ Albany's)
        view.on_place_click(self.place_clicked)
        view.caption.value += COUNTER_KEY
        self.board_info = ipw.HTML()
        self.board_info.add_class("rb-ftv-info")
        return view

    def snapshot(self) -> dict:
        g, s = self.game, self.game.board
        places: dict[str, dict[str, Any]] = {}
        for loc in [*s.map.locations, AN_KHE]:
            us = [
                {
                    "id": u.id,
                    "broken": u.broken,
                    "fatigue": u.fatigue,
                    "hold": u.hold,
                    "garrison": u.garrison,
                }
                for u in s.board.us(loc)
            ]
            nva = [
                {"id": u.id, "broken": u.broken, "hold": u.hold, "step": u.step}
                for u in s.board.nva(loc)
            ]
            supply = s.board.supply.get(loc, 0)
            lz = loc in s.board.revealed_lz
            # placed in set-up and not yet looked at: drawn, but never told real or not
            hidden = loc in s.lz_markers
            if us or nva or supply or lz or hidden:
                places[loc] = {
                    "us": us,
                    "nva": nva,
                    "supply": supply,
                    "lz": lz,
                    "lz_face_down": hidden,
                }
        zones: dict[str, dict[str, int]] = {}
        for zone in "ABCDEFGHIJ":
            for unit in s.zone_units(zone):
                regiment = regiment_name(unit.regiment)
                zones.setdefault(zone, {}).setdefault(regiment, 0)
                zones[zone][regiment] += 1
        return {
            "places": places,
            "turn": s.turn,
            "phase": s.phase,
            "segment": s.segment,
            "cp_left": s.cp.left,
            "cp_per_turn": s.cp.per_turn,
            "vp": s.vp,
            "casualties": s.casualty_points,
            "zones": zones,
            "unknown": len(s.zone_units(UNKNOWN)),
            "exited": sum(1 for z in s.box.values() if z == EXITED),
            "nva_on_map": sum(len(p["nva"]) for p in places.values()),
            "player": g.current_player(),
            "outcome": g.outcome(),
            "batteries": self._batteries_html(),
            "options": {
                name: value
                for name, value in s.options.items()
                if name in g.scenario.options and value != g.scenario.options[name].default
            },
        }

    def draw(self, snap: dict, marks: dict[str, str]) -> None:
        places = snap["places"]
        self.map_view.set_stacks({loc: self._counters(at) for loc, at in places.items() if at})
        self.map_view.mark(marks)

    @staticmethod
    def _counters(here: dict) -> tuple[str, list[list[int]]]:
        """Chips of a location in rows: US companies (fatigue in the chip), NVA, supply, HOLD,
        LZ (a face-down marker a "?"); and each row's chip widths in pixels, for the map to find
        them room."""
        us = [
            f"<i class='rb-ctr rb-us{' rb-reduced' if u['broken'] else ''}'>"
            f"{u['fatigue'] or ('G' if u['garrison'] else '')}</i>"
            for u in here["us"]
        ]
        nva = [
            f"<i class='rb-ctr rb-nva{' rb-reduced' if u['broken'] else ''}'>"
            f"{'•' * (u['step'] - 1)}</i>"
            for u in here["nva"]
        ]
        extra, widths = [], []
        if here["supply"]:
            extra.append(f"<i class='rb-ctr rb-supply'>{here['supply']}</i>")
            widths.append(CHIP)
        if any(u["hold"] for u in here["us"] + here["nva"]):
            extra.append("<i class='rb-ctr rb-hold'>HOLD</i>")
            widths.append(HOLD_CHIP)
        if here["lz"]:
            extra.append("<i class='rb-ctr rb-fatigue'>LZ</i>")
            widths.append(LZ_CHIP)
        if here["lz_face_down"]:
            extra.append("<i class='rb-ctr rb-lz-down'>?</i>")
            widths.append(CHIP)
        rows = [
            (r, w)
            for r, w in ((us, [CHIP] * len(us)), (nva, [CHIP] * len(nva)), (extra, widths))
            if r
        ]
        html = "".join(f"<div class='rb-ctr-row'>{''.join(r)}</div>" for r, _ in rows)
        return html, [w for _, w in rows]

    @staticmethod
    def _unit_words(u: dict) -> str:
        """A unit of the line under the map: its id and its markers (NVA units have no
        fatigue)."""
        fatigue = u.get("fatigue")
        return (
            u["id"]
            + (" (broken)" if u["broken"] else "")
            + (f" (fatigue {fatigue})" if fatigue else "")
            + (" (HOLD)" if u["hold"] else "")
        )

    def stack_words(self, snap: dict, place: str) -> str:
        here = snap.get("places", {}).get(place)
        called = self.map_view.point_map.called(place)  # with the name the scenario gives it
        if not here:
            return f"{called}: empty."
        parts = [
            f"{label}: " + ", ".join(map(self._unit_words, here[side]))
            for side, label in (("us", "US"), ("nva", "NVA"))
            if here[side]
        ]
        if here["supply"]:
            parts.append(f"{here['supply']} supply step{'s' * (here['supply'] != 1)}")
        if here["lz"]:
            parts.append("a landing zone")
        if here["lz_face_down"]:
            parts.append("a face-down landing-zone marker (revealed, it may say No LZ)")
        return f"{called}: {'; '.join(parts)}."

    # --- words ------------------------------------------------------------------------

    def describe(self, action: Action) -> str:
        return describe(action, self.game.board)

    def places(self, action: Action) -> tuple[str, ...]:
        return action_places(action, self.game.board)

    def narrate(self, index: int) -> list[Sentence]:
        return narrate(self.game.log[index], self.game.board)

    def policy(self, seed: int):
        return scripted_policy()

    def computer_sides(self) -> set[str]:
        return {"us"}

    def status_html(self, snap: dict) -> str:
        outcome = snap["outcome"]
        ending = (
            f"<div class='rb-outcome'><b>{escape(str(outcome['level']))}</b>: NVA "
            f"{outcome['nva_vp']} VP, US casualty points {outcome['us_casualty_points']}, US "
            f"companies lost {outcome['us_companies_lost']}.</div>"
            if outcome
            else ""
        )
        segment = f", {escape(snap['segment'])}" if snap["segment"] else ""
        options = self.game.scenario.options
        changed = ", ".join(
            f"{options[name].title(name)}: {options[name].said(value)}"
            if name in options
            else f"{name.replace('_', ' ')}: {value}"
            for name, value in snap["options"].items()
        )
        rules = (
            f"<div class='rb-options'>Optional rules changed: {escape(changed)}</div>"
            if changed
            else ""
        )
        cp = "".join(
            f"<span class='{'rb-on' if i <= snap['cp_left'] else 'rb-spent'}'>{i}</span>"
            for i in range(1, snap["cp_per_turn"] + 1)
        )
        cas = snap["casualties"]
        casualty = "".join(
            f"<span class='{'rb-on' if i <= cas else ''}'>{i if i % 5 == 0 else ''}</span>"
            for i in range(1, CASUALTY_TRACK + 1)
        )
        zones = "".join(
            f"<div class='{'rb-has' if z in snap['zones'] else ''}' data-zone='{z}'><b>{z}</b> "
            + escape(
                ", ".join(
                    f"{name.replace(' Regiment', '')} ({n})"
                    for name, n in snap["zones"].get(z, {}).items()
                )
            )
            + "</div>"
            for z in "ABCDEFGHIJ"
        )
        return (
            f"<div class='rb-ftv-board rb-headline' data-turn='{snap['turn']}'><b>Turn "
            f"{snap['turn']}</b> of 15, {escape(snap['phase'])}{segment}. NVA VP: <b>{snap['vp']}</b>. "
            f"NVA companies on the map: {snap['nva_on_map']}.</div>{ending}{rules}"
            f"<div>Command Points left: <b>{snap['cp_left']}</b> of {snap['cp_per_turn']} "
            f"{rule_links(('ftv:3.1',))}<div class='rb-track rb-cp-track'>{cp}</div></div>"
            f"<div>US casualty points: <b>{cas}</b> {rule_links(('ftv:4.2.3.2',))}"
            f"<div class='rb-track rb-casualty-track'>{casualty}</div></div>"
            f"<div><b>Zone Display</b> {rule_links(('ftv:3.5.1',))}: identified regiments and "
            f"their companies; Unknown Box {snap['unknown']}, gone to Cambodia {snap['exited']}."
            f"<div class='rb-zones'>{zones}</div></div>{snap['batteries']}"
        )

    def below_map_html(self, entry: int) -> str:
        return self.turn_summary(entry)

    def turn_summary(self, entry: int) -> str:
        """What the last finished turn did: CPs spent, VP and casualties, the NVA's moves."""
        turn = self.snapshot_at(entry)["turn"]
        if turn <= 1:
            return ""
        log = self.game.log

        def turn_after(i: int) -> int:
            """The turn the game is in after entry *i*: the next entry's (the entry that ends a
            turn is logged in it, and leaves the game in the next)."""
            return log[i + 1].turn if i + 1 < len(log) else self.snapshot_at(i)["turn"]

        # Turns are read from the log, not from the positions drawn: a campaign loaded from a
        # save has drawn none before its checkpoint, and its summary was gone.
        end = None
        start = None
        for i in range(entry, -1, -1):
            after_i = turn_after(i)
            if after_i == turn - 1 and end is None:
                end = i
            if after_i < turn - 1:
                start = i
                break
        if end is None:
            return ""
        before = self.snapshot_at(start) if start is not None else None
        last = self.snapshot_at(end)
        after = self.snapshot_at(min(end + 1, len(log) - 1))
        spent = last["cp_per_turn"] - last["cp_left"]
        vp = after["vp"] - (before["vp"] if before else 0)
        cas = after["casualties"] - (before["casualties"] if before else 0)
        nva = [
            s
            for s in self._last_nva_phase(min(end + 1, len(self.game.log) - 1), start or 0)
            if s.rules and s.rules[0].startswith(("ftv:3.5", "ftv:3.7"))
        ]
        more = len(nva) - SUMMARY_SENTENCES
        return (
            f"<div class='rb-turn-summary' data-summary-turn='{turn - 1}'><b>Turn {turn - 1}</b>: "
            f"the US spent {spent} of {last['cp_per_turn']} CPs; NVA VP {vp:+d}, US casualty "
            f"points {cas:+d}; {after['nva_on_map']} NVA compan{'y' if after['nva_on_map'] == 1 else 'ies'} "
            f"on the map. <i>NVA phase:</i> {sentences_html(nva[:SUMMARY_SENTENCES])}"
            + (f" <i>And {counted(more, 'more sentence')} in the log.</i>" if more > 0 else "")
            + "</div>"
        )

    def _last_nva_phase(self, last: int, first: int) -> list[Sentence]:
        """The sentences of the turn's second NVA Assault Phase, which ends at log entry
        *last*: from its heading (ftv:3.7) on. The phase spreads over several entries when the
        US decides things in it (sharing fatigue, refits), so it is read back entry by entry
        to *first*, the turn's start (a summary read from the last entry alone said nothing).
        """
        said: list[Sentence] = []
        for entry in range(last, first - 1, -1):
            here = self.narrate(entry)
            said[:0] = here
            for k in range(len(here) - 1, -1, -1):
                if here[k].rules and here[k].rules[0] == "ftv:3.7":
                    return said[k:]
        return said

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

    # --- files ------------------------------------------------------------------------

    def open_scenario(self, path: Path) -> CampaignGame:
        return new_campaign(load_playable(path, Game.FIRST_TEAM), seed=self.game.seed)


def campaign_app(seed: int = 1965, scenario: str | None = None) -> ipw.VBox:
    """The campaign app, on the scenario in the URL's ``?scenario=`` if there is one."""
    link = linked_scenario(
        scenario or scenario_from_query(), Game.FIRST_TEAM, "the shipped campaign"
    )
    intro = (
        "<h1>First Team: Vietnam: the campaign</h1><p class='rb-intro'>Play the 1st Cavalry "
        "Division against the programmed NVA, fifteen two-day turns from 27 October 1965. Click a "
        "lit location on the map or pick an action and press <b>Apply</b>; or let the scripted US "
        "player take a decision, a phase or a turn. Each sentence of the log links to its rule. "
        'Map, counters and three tables are <span class="provenance reconstructed">reconstructed'
        "</span>.</p>" + link.note
    )
    stepper = CampaignStepper(new_campaign(link.scenario, seed=seed), saves="saves")
    if link.path is not None:
        stepper.show_file(link.path)

    def start(new_seed: int, options: dict) -> None:
        stepper.start(new_campaign(stepper.game.scenario, seed=new_seed, options=options))
        stepper.refresh()

    options = OptionsPanel(stepper.game.scenario, start, seed=seed)
    # Under the game, with the files: above it, the closed panel pushed the computer's controls
    # off a 720-high projector's first screen, for a choice made once before a game.
    return app_page(intro, play_style(), stepper, options)
