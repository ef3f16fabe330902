"""The Snoopin' & Poopin' campaign: a platoon's record stepped through the pre-action and
after-action sequences, and the VC's Building the Insurgency (av:campaign and after).

>>> game_length_odds()[5], game_length_odds()[8]
(Fraction(1, 2), Fraction(7, 32))
>>> margin(30, 10), margin(20, 20), margin(15, 10)
('Decisive Victory', 'Draw', 'Marginal Victory')
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from rulebook._atomic import atomic_write_text
from rulebook._words import quoted
from rulebook.dice import Dice
from rulebook.distribution import Distribution
from rulebook.games.ambush_valley._data import book
from rulebook.games.ambush_valley.checks import Check
from rulebook.games.ambush_valley.dice import check_odds, check_target
from rulebook.games.ambush_valley.tables import table
from rulebook.trace import Trace

__all__ = [
    "AFTER_ACTION",
    "PRE_ACTION",
    "CampaignRecord",
    "Figure",
    "GameReport",
    "Team",
    "casualty_status",
    "casualty_status_odds",
    "game_continues",
    "game_length_odds",
    "margin",
    "rate_leaders",
    "victory_points",
]

_T = book("tables")


# --- game length, victory points, margins ----------------------------------------------------


def game_length_odds() -> Distribution:
    """The last turn of a Free-Form game: checks after turns 5, 6 and 7 (D6, D8, D10, 4+ goes
    on), and it always ends after turn 8 (av:game-length)."""
    spec = _T["game_length"]
    weights: dict[int, Fraction] = {}
    going = Fraction(1)
    for turn in sorted(spec["checks"]):
        on = check_odds(spec["checks"][turn], target=spec["continue_at_least"])
        weights[turn] = going * (1 - on)
        going *= on
    weights[spec["last_turn"]] = going
    return Distribution(weights)


def game_continues(turn: int, dice: Dice, trace: Trace) -> bool:
    """After *turn*, does the game go on? (av:game-length)"""
    spec = _T["game_length"]
    if turn >= spec["last_turn"]:
        trace.step("av:game-length", f"turn {turn} was the last")
        return False
    if turn not in spec["checks"]:
        return True
    sides = spec["checks"][turn]
    face = dice.roll(sides, "av:game-length")
    on = face >= spec["continue_at_least"]
    trace.step(
        "av:game-length",
        f"after turn {turn}, D{sides} rolls {face}: {'play on' if on else 'the game ends'}",
        rolls=dice.rolls[-1:],
    )
    return on


def victory_points(
    side: Literal["free_world", "vc"], events: dict[str, int]
) -> tuple[int, list[str]]:
    """A side's VP from counts of events named as in the data file (av:victory-points-free-world,
    av:victory-points-vc); returns the total and one line per event."""
    schedule = _T["victory_points"][side]
    total, lines = 0, []
    for event, count in events.items():
        if event not in schedule:
            raise KeyError(
                f"no VP event {quoted(event)} for {side}; the events are {', '.join(schedule)}"
            )
        points = schedule[event] * count
        total += points
        lines.append(f"{event} x{count}: {points:+d}")
    return total, lines


def margin(winner: int, loser: int) -> str:
    """The margin of victory between two totals (av:margin-of-victory).

    Against a total of zero or less any positive total counts as Decisive, the ratio being
    unbounded (interpretation av:margin-of-victory/non-positive).
    """
    high, low = max(winner, loser), min(winner, loser)
    bands = _T["victory_points"]["margins"]
    if high == low:
        return "Draw"
    if low > 0:
        if high >= bands["decisive"] * low:
            return "Decisive Victory"
        return "Victory" if high >= bands["victory"] * low else "Marginal Victory"
    return "Decisive Victory" if high > 0 else "Marginal Victory"


# --- casualties --------------------------------------------------------------------------------

Where = Literal["evacuated", "accompanied", "straggler"]


def casualty_status(dice: Dice, tq: int, where: Where, trace: Trace) -> str:
    """Roll 2 TQ dice on the right casualty table; a recovered straggler rolls again on the
    table the result names (av:casualty-status)."""
    result = table(f"casualty-{where}").resolve(dice, tq=tq, trace=trace).result
    if isinstance(result, str) and result.startswith("Recovered"):
        follow: Where = "accompanied" if "Accompanied" in result else "evacuated"
        return casualty_status(dice, tq, follow, trace)
    return result


def casualty_status_odds(tq: int, where: Where) -> Distribution:
    """The final status of a casualty, following a recovered straggler to the next table."""
    weights: dict[str, Fraction] = {}
    for result, p in table(f"casualty-{where}").odds(tq=tq).items():
        if str(result).startswith("Recovered"):
            follow: Where = "accompanied" if "Accompanied" in result else "evacuated"
            for status, q in casualty_status_odds(tq, follow).items():
                weights[status] = weights.get(status, Fraction(0)) + p * q
        else:
            weights[result] = weights.get(result, Fraction(0)) + p
    return Distribution(weights)


# --- the record ------------------------------------------------------------------------------


def _unknown_fields(data: dict, kind: type, prefix: str) -> list[str]:
    from dataclasses import fields

    known = {f.name for f in fields(kind)}
    return [f"{prefix}{k}" for k in data if k not in known]


@dataclass
class Figure:
    id: str
    role: str
    name: str = ""
    team: str = ""
    status: str = "active"  # active, returned-to-duty pool, replacement pool, pow, straggler, gone
    joined_turn: int = 0
    advancements: list[str] = field(default_factory=list)


@dataclass
class Team:
    name: str
    tq: int = 8
    morale: int = 10
    ranks: dict[str, int] = field(default_factory=dict)  # Firepower/Defense/Reaction -> 1..3
    special: list[str] = field(default_factory=list)
    fatigue: list[str] = field(default_factory=list)
    replaced_this_turn: int = 0
    sat_out_last_turn: bool = False
    asset: bool = False


@dataclass
class GameReport:
    """What happened in one game, as the after-action steps need it."""

    vp: int
    enemy_vp: int
    casualties: dict[str, Where] = field(default_factory=dict)  # figure id -> where it lay
    teams_eligible: list[str] = field(default_factory=list)  # met both development criteria
    teams_committed: list[str] = field(default_factory=list)
    unspent_omp: int = 0
    insurgent_result: Literal["win", "draw", "loss"] | None = None


@dataclass
class CampaignRecord:
    """A Regular Platoon Log and, for the VC player, the Insurgency Log (av:platoon-log, av:insurgency-log)."""

    name: str
    setting: str = ""
    turns: int = 6
    turn: int = 1
    confidence: str = "Confident"
    supply: str = "Average"
    tq: int = 8
    morale: int = 10
    internal_assets: list[str] = field(default_factory=list)
    available_assets: list[str] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    teams: dict[str, Team] = field(default_factory=dict)
    campaign_vp: int = 0
    omp: int = 0
    mission: dict[str, Any] | None = None
    insurgency: dict[str, int] = field(default_factory=dict)
    insurgency_special: list[str] = field(default_factory=list)
    history: list[str] = field(default_factory=list)

    @classmethod
    def from_platoon(cls, platoon_id: str, name: str, *, turns: int = 6) -> CampaignRecord:
        """A new campaign for one of the book's platoon lists: a team per unit copy, a figure per
        man; ratings from the suggested start (Trained, Morale D10, Confident) unless the list
        sets them (av:campaign-force)."""
        from rulebook.games.ambush_valley.catalogue import _forces, platoon

        listing = platoon(platoon_id)
        record = cls(name, turns=turns, tq=listing.tq, morale=listing.morale)
        record.supply = _forces()[listing.force].supply
        for unit in listing.units:
            for copy in range(unit.count):
                team = unit.name if unit.count == 1 else f"{unit.name} {copy + 1}"
                record.teams[team] = Team(team, tq=listing.tq, morale=listing.morale)
                n = 0
                for count, role, _weapon in unit.figures:
                    for _ in range(count):
                        n += 1
                        record.figures.append(Figure(f"{team}/{n}", role, team=team))
        return record

    # -- persistence -----------------------------------------------------------------------------

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1)

    @classmethod
    def from_json(cls, text: str, file: str = "<campaign record>") -> CampaignRecord:
        """A record from its JSON; a damaged one is a ScenarioError naming each bad field."""
        from pydantic import TypeAdapter, ValidationError

        from rulebook._datafile import parse_json
        from rulebook.errors import Problem, ScenarioError
        from rulebook.scenario._io import validation_problems

        data = parse_json(text, file, "campaign record")
        if not isinstance(data, dict):
            raise ScenarioError([Problem(file, "", "expected a campaign record mapping")])
        unknown = _unknown_fields(data, cls, "")
        for kind, key in (("figures", Figure), ("teams", Team)):
            items = data.get(kind)
            # Any other type is left for the schema below to name.
            parts = enumerate(items) if isinstance(items, list) else ()
            parts = items.items() if isinstance(items, dict) else parts
            for k, item in parts:
                if isinstance(item, dict):
                    unknown += _unknown_fields(item, key, f"{kind}.{k}.")
        if unknown:
            raise ScenarioError(
                [Problem(file, u, "unknown field; not a campaign record field") for u in unknown]
            )
        try:
            record = TypeAdapter(cls).validate_json(text, strict=True)
        except ValidationError as err:
            raise ScenarioError(validation_problems(err, file)) from None
        problems = [Problem(file, where, message) for where, message in _record_problems(record)]
        if problems:
            raise ScenarioError(problems)
        return record

    def save(self, path: str | Path) -> None:
        atomic_write_text(Path(path), self.to_json())

    @classmethod
    def load(cls, path: str | Path) -> CampaignRecord:
        from rulebook._datafile import read_data_text

        return cls.from_json(read_data_text(path, "campaign record"), str(path))

    # -- pools -----------------------------------------------------------------------------------

    def pool(self, name: str) -> list[Figure]:
        return [f for f in self.figures if f.status == name]


#: Where a figure may stand: on duty, in a pool, or out of the campaign.
_STATUSES = ("active", "rtd-pool", "replacement-pool", "pow", "straggler", "gone")


def _ranked(ranks: dict[str, Any]) -> list[str]:
    """The areas of a ranks table of the book (its other entries say where it was printed)."""
    return [k for k in ranks if k not in ("rule", "provenance", "lines", "max_rank")]


def _record_problems(record: CampaignRecord) -> list[tuple[str, str]]:
    """Values the schema lets through but the steps cannot use: (field path, message)."""
    out = [
        (where, f"expected a die of D6, D8, D10 or D12, got D{die}")
        for where, die in [("tq", record.tq), ("morale", record.morale)]
        + [(f"teams.{k}.tq", t.tq) for k, t in record.teams.items()]
        + [(f"teams.{k}.morale", t.morale) for k, t in record.teams.items()]
        if die not in (6, 8, 10, 12)
    ]
    if not 1 <= record.turns <= 99 or not 1 <= record.turn <= record.turns + 1:
        out.append(("turn", "expected turn 1 to turns + 1, turns 1 to 99"))
    # campaign_vp may be negative: each prisoner costs 5 (av:campaign-vp).
    counts = [("omp", record.omp)]
    counts += [(f"figures.{i}.joined_turn", f.joined_turn) for i, f in enumerate(record.figures)]
    counts += [
        (f"teams.{k}.replaced_this_turn", t.replaced_this_turn) for k, t in record.teams.items()
    ]
    out += [(where, f"expected 0 or more, got {n}") for where, n in counts if n < 0]
    if record.mission is not None:
        missions = [row["mission"] for _, _, row in table("mission-generator").rows]
        name = record.mission.get("mission")
        if name not in missions:
            got = quoted(name) if "mission" in record.mission else "none"
            out.append(("mission.mission", f"expected one of {', '.join(missions)}, got {got}"))
    out += [
        (f"figures.{i}.status", f"expected one of {', '.join(_STATUSES)}, got {quoted(f.status)}")
        for i, f in enumerate(record.figures)
        if f.status not in _STATUSES
    ]
    ranks = [(f"teams.{k}.ranks", t.ranks, "development_ranks") for k, t in record.teams.items()]
    for prefix, held, kind in [*ranks, ("insurgency", record.insurgency, "insurgency_ranks")]:
        areas, top = _ranked(_T[kind]), _T[kind]["max_rank"]
        for area, rank in held.items():
            if area not in areas:
                out.append((f"{prefix}.{area}", f"expected one of {', '.join(areas)}"))
            elif not 1 <= rank <= top:
                out.append((f"{prefix}.{area}", f"expected a rank of 1 to {top}, got {rank}"))
    return out


Step = Callable[[CampaignRecord, Dice, Trace, "GameReport | None"], None]


def rate_leaders(
    leaders: list[str], dice: Dice, trace: Trace, *, platoon_leaders: tuple[str, ...] = ()
) -> dict[str, int]:
    """Starting Leadership (av:campaign-force, av:leadership-rating): the platoon leader and
    sergeant start at +1; with the optional roll, every leader down to squad leader rolls a
    D6 and on a 6 rolls the Leadership Rating Table (which may also lower a platoon leader's +1)."""
    ratings = {}
    for leader in leaders:
        ratings[leader] = 1 if leader in platoon_leaders else 0
        face = dice.d6("av:leadership-rating")
        if face == 6:
            ratings[leader] = table("leadership-rating").resolve(dice, trace=trace).result
        trace.step(
            "av:leadership-rating",
            f"{leader}: rolled {face}, leadership {ratings[leader]:+d}",
            rolls=dice.rolls[-1:] if face != 6 else (),
        )
    return ratings


# --- pre-action -------------------------------------------------------------------------------


def receive_mission(
    record: CampaignRecord, dice: Dice, trace: Trace, _: GameReport | None = None
) -> None:
    """Step 1: roll the Mission Generator and keep it secret until the game ends (av:mission-generator)."""
    result = table("mission-generator").resolve(dice, trace=Trace())
    record.mission = dict(result.result) | {"roll": result.total}
    trace.step(
        "av:mission-generator",
        "a mission is rolled and kept secret until the end of the game",
        rolls=dice.rolls[-1:],
    )


def plan_and_orders(
    record: CampaignRecord, dice: Dice, trace: Trace, _: GameReport | None = None
) -> None:
    """Step 2: 2D6 Operational Momentum Points; teams not given a mission recuperate (av:operational-momentum, av:combat-fatigue)."""
    record.omp = table_roll("2d6", dice, "av:operational-momentum")
    trace.step(
        "av:operational-momentum",
        f"the platoon has {record.omp} OMP to buy assets or keep as VP",
        rolls=dice.rolls[-2:],
    )
    for team in record.teams.values():
        if team.sat_out_last_turn and team.fatigue:
            trace.step(
                "av:combat-fatigue",
                f"{team.name} sat out a turn and recuperates: {', '.join(team.fatigue)} cleared",
            )
            team.fatigue.clear()


def table_roll(expr: str, dice: Dice, label: str) -> int:
    from rulebook.games.ambush_valley.dice import roll_expression

    return roll_expression(expr, dice, label)


def buy_asset(record: CampaignRecord, asset: str, trace: Trace) -> None:
    """Spend OMP on an asset at its agreed cost (av:asset-costs)."""
    costs = _T["asset_costs"]["omp"]
    if asset not in costs:
        raise KeyError(f"no asset {quoted(asset)}; the assets are {', '.join(costs)}")
    if costs[asset] > record.omp:
        raise ValueError(f"av:asset-costs: {asset} costs {costs[asset]} OMP; {record.omp} left")
    record.omp -= costs[asset]
    trace.step("av:asset-costs", f"{asset} bought for {costs[asset]} OMP; {record.omp} left")


def reconnoiter(
    record: CampaignRecord, dice: Dice, trace: Trace, _: GameReport | None = None
) -> None:
    """Step 3: dice off with the highest TQ die for objectives, then edges, then deployment (av:reconnoiter)."""
    for what in ("objective choice", "table edge", "deployment order"):
        ours = dice.roll(record.tq, "av:reconnoiter")
        theirs = dice.roll(8, "av:reconnoiter")
        trace.step(
            "av:reconnoiter",
            f"{what}: we roll {ours} on D{record.tq}, they {theirs} on D8: {'ours' if ours >= theirs else 'theirs'}",
            rolls=dice.rolls[-2:],
        )


PRE_ACTION: list[tuple[str, Step]] = [
    ("Receive mission and objectives", receive_mission),
    ("Determine plan and issue orders", plan_and_orders),
    ("Reconnoiter", reconnoiter),
]


# --- after-action -----------------------------------------------------------------------------


def assessment(record: CampaignRecord, dice: Dice, trace: Trace, report: GameReport | None) -> None:
    """Step 1: the game's VP, unspent OMP included, and its margin (av:assessment, av:margin-of-victory)."""
    assert report is not None
    total = report.vp + report.unspent_omp
    trace.step(
        "av:assessment",
        f"our VP {total} (with {report.unspent_omp} unspent OMP) against {report.enemy_vp}: {margin(total, report.enemy_vp)}",
    )
    if record.mission:
        trace.step(
            "av:mission-generator", f"the secret mission is revealed: {record.mission['mission']}"
        )


def casualties(record: CampaignRecord, dice: Dice, trace: Trace, report: GameReport | None) -> None:
    """Step 2: each seriously wounded Free World or NVA figure rolls for its fate (av:casualty-status)."""
    assert report is not None
    outcomes = _T["casualty_outcomes"]
    by_id = {f.id: f for f in record.figures}
    for fid, where in report.casualties.items():
        if fid not in by_id:
            raise KeyError(f"casualty {quoted(fid)} is not on the roster")
        figure = by_id[fid]
        team = record.teams.get(figure.team)
        status = casualty_status(dice, team.tq if team else record.tq, where, trace)
        pool = outcomes[status]["pool"]
        figure.status = {
            "replacement": "replacement-pool",
            "returned-to-duty": "rtd-pool",
            "platoon": "active",
            "pow": "pow",
            "straggler-next-game": "straggler",
        }[pool]
        if outcomes[status].get("leaves_campaign") or status == "Deceased":
            figure.status = "gone"
            record.figures.append(
                Figure(f"{fid}-slot", figure.role, team=figure.team, status="replacement-pool")
            )
        trace.step("av:casualty-status", f"{fid}: {status} -> {figure.status}")


def campaign_vp(
    record: CampaignRecord, dice: Dice, trace: Trace, report: GameReport | None
) -> None:
    """Step 3: the game's VP less 5 for each figure now a prisoner (av:campaign-vp)."""
    assert report is not None
    pows = sum(
        1
        for fid in report.casualties
        if next(f for f in record.figures if f.id == fid).status == "pow"
    )
    gained = report.vp + report.unspent_omp + _T["victory_points"]["pow_campaign_vp"] * pows
    record.campaign_vp += gained
    trace.step(
        "av:campaign-vp",
        f"campaign VP {gained:+d} ({pows} POW at -5 each): {record.campaign_vp} in all",
    )


def development(
    record: CampaignRecord, dice: Dice, trace: Trace, report: GameReport | None
) -> None:
    """Step 4: each eligible team rolls D10 on the development chart; fatigued teams that fought
    again roll on the fatigue table too (av:combat-team-development, av:combat-fatigue,
    av:development-ranks, av:special-development, av:leadership-development)."""
    assert report is not None
    max_rank = _T["development_ranks"]["max_rank"]
    for name in report.teams_committed:
        team = record.teams[name]
        team.sat_out_last_turn = False
        if team.fatigue:
            effect = table("combat-fatigue").resolve(dice, tq=team.tq, trace=trace).result
            team.fatigue.append(effect)
            trace.step(
                "av:combat-fatigue", f"{name} fought on while fatigued: {effect} (effects add up)"
            )
    for name in record.teams:
        if name not in report.teams_committed:
            record.teams[name].sat_out_last_turn = True
    for name in report.teams_eligible:
        team = record.teams[name]
        if team.asset:
            trace.step(
                "av:combat-team-development", f"{name} is an attached asset and does not develop"
            )
            continue
        result = table("unit-development").resolve(dice, trace=trace).result
        if result == "Combat Fatigue":
            effect = table("combat-fatigue").resolve(dice, tq=team.tq, trace=trace).result
            team.fatigue.append(effect)
        elif result in ("Firepower", "Defense", "Reaction"):
            rank = min(max_rank, team.ranks.get(result, 0) + 1)
            team.ranks[result] = rank
            gain = _T["development_ranks"][result][rank - 1]
            trace.step("av:development-ranks", f"{name}: {result} rank {rank}: {gain}")
        elif result in ("Special", "Leadership"):
            name_ = "special-development" if result == "Special" else "leadership-development"
            options = {v for _, _, v in table(name_).rows}
            if options <= set(team.special):
                trace.step(
                    "av:combat-team-development", f"{name} already has every {result} result"
                )
                continue
            while True:  # a repeat is rolled again (interpretation av:combat-team-development/repeat-special)
                gained = table(name_).resolve(dice, trace=trace).result
                if gained not in team.special:
                    break
            team.special.append(gained)


def _quality_roll(record: CampaignRecord, figure: Figure, dice: Dice) -> tuple[int, int, bool]:
    """One roll of the figure's team Quality die against the test target: (die, face, passed)."""
    tq = record.teams[figure.team].tq if figure.team in record.teams else record.tq
    face = dice.roll(tq, "av:replacements")
    return tq, face, face >= check_target()


def replacements(
    record: CampaignRecord, dice: Dice, trace: Trace, report: GameReport | None
) -> None:
    """Step 5: Returned to Duty rolls, then replacements, then the test that may cost a team its
    developments (av:replacements)."""
    trace.step(
        "av:replacements",
        f"Returned to Duty pool {len(record.pool('rtd-pool'))}, "
        f"Replacement pool {len(record.pool('replacement-pool'))}",
    )
    for figure in record.pool("rtd-pool"):
        tq, face, fit = _quality_roll(record, figure, dice)
        if fit:
            figure.status = "active"
        trace.step(
            "av:replacements",
            f"{figure.id} rolls {face} on D{tq}: {'back on duty' if figure.status == 'active' else 'stays in the pool'}",
            rolls=dice.rolls[-1:],
        )
    for figure in record.pool("replacement-pool"):
        _tq, face, fit = _quality_roll(record, figure, dice)
        if fit:
            figure.status = "rtd-pool"
            trace.step(
                "av:replacements",
                f"{figure.id} rolls {face}: fit again, into the Returned to Duty pool",
                rolls=dice.rolls[-1:],
            )
            continue
        new = table("replacement").resolve(dice, trace=trace).result
        figure.status = "gone"
        record.figures.append(
            Figure(
                f"{figure.id}-r{record.turn}",
                figure.role,
                name=new["kind"],
                team=figure.team,
                joined_turn=record.turn,
            )
        )
        if figure.team in record.teams:
            record.teams[figure.team].replaced_this_turn += 1
    for team in record.teams.values():
        size = sum(1 for f in record.figures if f.team == team.name and f.status == "active")
        if team.replaced_this_turn and team.replaced_this_turn * 2 >= max(1, size):
            keeps = Check(team.tq, modifier=-team.replaced_this_turn).roll(
                dice,
                "av:replacements",
                f"{team.name} absorbs {team.replaced_this_turn} replacements",
                trace,
            )
            if not keeps.passed:
                team.ranks.clear()
                team.special.clear()
                trace.step("av:replacements", f"{team.name} loses its combat developments")
        team.replaced_this_turn = 0
    record.turn += 1
    record.mission = None  # the next campaign turn rolls its own


def building_the_insurgency(
    record: CampaignRecord, dice: Dice, trace: Trace, report: GameReport | None
) -> None:
    """After a VC draw or better, one D10 on the Building the Insurgency table; repeats raise a
    rank to 3, and a roll for a rank-3 improvement counts as no development (av:building-the-insurgency)."""
    assert report is not None
    if report.insurgent_result not in ("win", "draw"):
        trace.step("av:building-the-insurgency", "the insurgents did not draw or win: no roll")
        return
    result = table("building-the-insurgency").resolve(dice, trace=trace).result
    if result == "Special":
        record.insurgency_special.append(
            table("vc-special-development").resolve(dice, trace=trace).result
        )
    elif result == "Disillusionment":
        record.insurgency_special.append("Disillusionment")
    elif result != "No Development":
        rank = record.insurgency.get(result, 0)
        if rank >= _T["insurgency_ranks"]["max_rank"]:
            trace.step("av:building-the-insurgency", f"{result} is already rank 3: no development")
        else:
            record.insurgency[result] = rank + 1
            trace.step(
                "av:building-the-insurgency",
                f"{result} rank {rank + 1}: {_T['insurgency_ranks'][result][rank]}",
            )


AFTER_ACTION: list[tuple[str, Step]] = [
    ("Operation assessment", assessment),
    ("Casualty status and recovery", casualties),
    ("Campaign victory points", campaign_vp),
    ("Combat development", development),
    ("Replacements", replacements),
    ("Building the insurgency", building_the_insurgency),
]
