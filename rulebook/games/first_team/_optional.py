"""The optional rules of section 6 as the campaign plays them: Cambodia (6.1), NVA artillery (6.2).

Both are off by default (scenario options ``invasion_of_cambodia`` and ``nva_artillery``). The
combat resolver already knows what a battery does in one fight (one shift, and the AA loss on a
starred result); this module keeps the three batteries on the map over a campaign: which
company carries each, when it is fired, when it dies, and what its kills score.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.games.first_team._pieces import regiment_name
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team._values import reads_values
from rulebook.games.first_team.support import SupportUnit

__all__ = [
    "Battery",
    "aircraft_lost",
    "attach_batteries",
    "batteries_at",
    "battery_upkeep",
    "mark_fired",
    "open_to_us",
    "recover_batteries",
    "us_in_cambodia",
]

reads_values("vp_aircraft_destroyed", "vp_cambodia_first_turn", "vp_cambodia_later_turn")

AIRCRAFT = ("transport", "gunship", "observation", "aero-rocket", "airstrike")


@dataclass
class Battery:
    """One NVA artillery unit, riding with a company of its regiment (ftv:6.2.1A)."""

    regiment: int
    company: str | None
    fired: bool = False
    eliminated: bool = False


def attach_batteries(s: CampaignState) -> None:
    """Give each regiment its battery on its first company (ftv:6.2.1A)."""
    if not s.options.get("nva_artillery"):
        return
    for regiment in sorted({u.regiment for u in s.nva.values()}):
        first = min((u for u in s.nva.values() if u.regiment == regiment), key=lambda u: u.order)
        s.batteries[regiment] = Battery(regiment, first.id)
        s.note("ftv:6.2.1", f"the {regiment_name(regiment)}'s battery rides with {first.id}")


def batteries_at(s: CampaignState, loc: str) -> list[Battery]:
    """The live batteries whose company stands in *loc*."""
    return [
        b
        for b in s.batteries.values()
        if not b.eliminated and b.company and s.where(s.nva[b.company]) == loc
    ]


def mark_fired(s: CampaignState, loc: str) -> None:
    """Batteries that shifted a fight flip to FIRED (ftv:6.2.1E)."""
    for battery in batteries_at(s, loc):
        if not battery.fired:
            battery.fired = True
            s.note("ftv:6.2.1", f"the {regiment_name(battery.regiment)}'s battery flips to FIRED")


def recover_batteries(s: CampaignState) -> None:
    """FIRED batteries recover in the US Maintenance Phase (ftv:6.2.1E)."""
    for battery in s.batteries.values():
        if battery.fired and not battery.eliminated:
            battery.fired = False
            s.note("ftv:3.5.8", f"the {regiment_name(battery.regiment)}'s battery is ready again")


def battery_upkeep(s: CampaignState) -> None:
    """Follow each battery's company: lost with it, handed on if it breaks (ftv:6.2.1B-D)."""
    for battery in s.batteries.values():
        if battery.eliminated or battery.company is None:
            continue
        regiment = sorted(
            (u for u in s.nva.values() if u.regiment == battery.regiment), key=lambda u: u.order
        )
        if all(u.eliminated for u in regiment):
            battery.eliminated, battery.company = True, None
            s.extra_nva_eliminated += 1
            s.note(
                "ftv:6.2.1",
                f"the {regiment_name(battery.regiment)} is gone, and its battery with it: "
                "one more eliminated company at the end",
            )
            continue
        carrier = s.nva[battery.company]
        if carrier.eliminated:
            battery.eliminated = True
            s.note("ftv:6.2.1", f"{carrier.id} is eliminated and its battery with it")
        elif carrier.broken:
            # "next highest consecutive company": the next number up that is not broken.
            nxt = next(
                (u for u in regiment if u.number > carrier.number and not u.broken),
                None,
            )
            battery.company = nxt.id if nxt else None
            battery.eliminated = nxt is None
            s.note(
                "ftv:6.2.1",
                f"{carrier.id} is broken: the battery goes to {nxt.id}"
                if nxt
                else f"{carrier.id} is broken and no higher company can take the battery: lost",
            )


def aircraft_lost(s: CampaignState, victim: SupportUnit) -> None:
    """NVA AA destroys a committed helicopter or air strike counter for good (ftv:6.2.2); the
    fight asks the player which (see ``_fight._us_losses``)."""
    victim.box = "gone"
    gained = s.values["vp_aircraft_destroyed"]  # ftv:6.2.2/vp: this rule's 25, not 5.1's 26
    s.vp += gained
    s.aircraft_destroyed.append(victim.id)
    s.note(
        "ftv:6.2.2",
        f"NVA anti-aircraft guns destroy {victim.id}: +{gained} VP",
        after={"vp": s.vp},
    )


def open_to_us(s: CampaignState, loc: str) -> bool:
    """US companies and air may go to *loc*: anywhere but Cambodia, and there only under
    option 6.1 (ftv:6.1, ftv:3.4.3.1B)."""
    return not s.map.in_cambodia(loc) or cambodia_open(s)


def open_places(s: CampaignState) -> list[str]:
    """The map locations :func:`open_to_us`, in the map's order (kept on the map per reading)."""
    key = ("open to the US", cambodia_open(s))
    found = s.map.derived.get(key)
    if found is None:
        found = s.map.derived[key] = [loc for loc in s.map.locations if open_to_us(s, loc)]
    return found


def cambodia_open(s: CampaignState) -> bool:
    """Whether option 6.1 lets the US into Cambodia: the one thing besides the map that
    :func:`open_to_us` reads."""
    return bool(s.options.get("invasion_of_cambodia"))


def us_in_cambodia(s: CampaignState, loc: str, *, air: bool) -> None:
    """Score a US move or air strike into Cambodia (ftv:6.1): ``vp_cambodia_first_turn`` (10) the
    first turn, then ``vp_cambodia_later_turn`` (5) a turn for air present (interpretation:
    ground units alone score only the first time)."""
    if not s.map.in_cambodia(loc):
        return
    if s.cambodia_first_turn is None:
        s.cambodia_first_turn = s.turn
        s.cambodia_scored.add(s.turn)
        s.vp += s.values["vp_cambodia_first_turn"]
        s.note(
            "ftv:6.1",
            f"the US enter Cambodia at {loc}: +{s.values['vp_cambodia_first_turn']} VP",
            after={"vp": s.vp},
        )
    elif air and s.turn not in s.cambodia_scored:
        s.cambodia_scored.add(s.turn)
        s.vp += s.values["vp_cambodia_later_turn"]
        s.note(
            "ftv:6.1",
            f"US air over Cambodia again at {loc}: +{s.values['vp_cambodia_later_turn']} VP",
            after={"vp": s.vp},
        )
