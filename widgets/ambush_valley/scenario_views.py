"""What the Scenario tab shows of a scenario, as HTML built from it: the summary, the map's
legend, both sides' forces and the odds of every reinforcement table. Pure functions, so each
can be read (and tested) without the widgets around it."""

from __future__ import annotations

from html import escape

from rulebook.games.ambush_valley.naming import side_words, terrain_words
from rulebook.games.ambush_valley.scenario import Scenario
from rulebook.games.ambush_valley.weapons import firepower
from rulebook.render import percent, provenance_badge
from rulebook.render.svg import SIDE_STROKE, TERRAIN_FILL
from widgets.ambush_valley.words import force_name

__all__ = ["forces_html", "legend_html", "odds_html", "summary_html"]

_SWATCH = (
    "<span style='display:inline-block;width:1em;height:1em;background:{};"
    "border:1px solid #333;vertical-align:middle'></span> {}"
)


def summary_html(s: Scenario) -> str:
    """Title, description, table size, length, initiative and the layout's provenance."""
    spec = s.spec
    missing = (
        f"<p><b>Not in the book:</b> {escape('; '.join(spec.missing))}</p>" if spec.missing else ""
    )
    return (
        f"<h3>{escape(s.file.title)}</h3><p>{escape(s.file.description)}</p>"
        f"<p>Table {spec.table[0]:g} x {spec.table[1]:g} in; {escape(spec.duration)}; "
        f"initiative: {escape(spec.initiative or 'rolled')}</p>"
        f"<p>Layout {provenance_badge(spec.layout.provenance.value)} {escape(spec.layout.note)}</p>"
        + missing
    )


def legend_html(s: Scenario) -> str:
    """A key to the colours of the table map, every entry in words."""
    spec = s.spec
    kinds = sorted({f.kind for f in spec.layout.features})
    items = [_SWATCH.format(TERRAIN_FILL[k], escape(terrain_words(k))) for k in kinds]
    items += [
        _SWATCH.format(SIDE_STROKE[i % len(SIDE_STROKE)], f"{escape(side_words(key))} set-up")
        for i, key in enumerate(spec.sides)
    ]
    items += [
        "&#9679; numbered: tunnel spots",
        "&#9633; civilians",
        "<span style='color:#c9a400'>&#9679;</span> objectives",
        "<span style='color:#e65100'>&#9650;</span> a problem to fix",
    ]
    # Each entry whole on its line: "VC set-up" broke at its hyphen, "set-" above "up".
    return (
        "<div class='rb-av-legend' style='font-size:0.85em;max-width:650px'>"
        + " &nbsp; ".join(f"<span style='white-space:nowrap'>{item}</span>" for item in items)
        + "</div>"
    )


def odds_html(s: Scenario) -> str:
    """Each reinforcement table: when it rolls, each row's chance a turn, and the chance of at
    least one arrival over the turns it rolls (av:vc-reinforce)."""
    spec = s.spec
    if not spec.reinforcements:
        return "<p>No reinforcement table.</p>"
    out = []
    for i, r in enumerate(spec.reinforcements):
        odds = s.reinforcement_odds(i)
        none = odds["none"]
        last = r.last_turn or (s.file.turns.value if s.file.turns else r.first_turn)
        turns = max(0, last - r.first_turn + 1)
        gate = ", from the turn after the VC are first fired on" if r.after_first_fire else ""
        bound = (
            f"{r.trigger.at_most} or less"
            if r.trigger.at_most is not None
            else f"{r.trigger.at_least}+"
        )
        rows = "".join(
            f"<tr data-row='{escape(k)}'><td>{escape(k)}</td><td>{escape(r.rows[k])}</td>"
            f"<td>{percent(p)}</td></tr>"
            for k, p in odds.items()
            if k != "none"
        )
        out.append(
            f"<h4>{escape(side_words(r.side))} reinforcements: {bound} on {escape(r.trigger.die)}, "
            f"then {escape(r.roll)}; turns {r.first_turn}-{last}{gate}</h4>"
            "<table class='rb-av-reinforcements'><thead><tr><th>roll</th><th>arrives</th>"
            f"<th>each turn</th></tr></thead><tbody>{rows}<tr><td>-</td><td>nothing</td>"
            f"<td>{percent(none)}</td></tr></tbody></table>"
            f"<p>Chance of at least one arrival over {turns} turn(s): "
            f"<b class='rb-any-arrival'>{percent(1 - none**turns)}</b></p>"
        )
    return "".join(out)


def forces_html(s: Scenario, open_side: str | None = None) -> str:
    """Each side, folded: force, ratings, supply, figures; its units with their firepower.
    *open_side* is shown unfolded and outlined (a problem pointed at it)."""
    out = []
    for key, side in s.spec.sides.items():
        units = "".join(
            f"<li>{escape(u.name)} ({sum(n for n, _, _ in u.figures)}): "
            + escape(", ".join(f"{n} {role} ({weapon})" for n, role, weapon in u.figures))
            + " <span class='rb-av-fp' title='at Optimum Range, stationary; one die a figure "
            "is the assumed core rule'>FP "
            + firepower(
                [(n, w) for n, _, w in u.figures],
                tq=side.tq,
                supply=side.supply,
                distance=side.tq,
            ).describe()
            + "</span></li>"
            for u in side.units
        )
        extra = [f"booby trap cards {side.booby_trap_cards}"] if side.booby_trap_cards else []
        extra += [f"{side.asset_cards} asset cards"] if side.asset_cards else []
        extra += [f"vehicles: {', '.join(side.vehicles)}"] if side.vehicles else []
        flagged = (
            " open class='rb-av-side rb-av-flagged' style='outline:2px solid #aa00ff'"
            if key == open_side
            else " class='rb-av-side'"
        )
        out.append(
            f"<details{flagged} data-side='{escape(key)}'><summary><b>{escape(side.name)}</b>: "
            f"{escape(force_name(side.force))}, TQ D{side.tq}, Morale D{side.morale}, "
            f"{side.supply} supply, {s.figures(key)} figures{escape(''.join('; ' + e for e in extra))}"
            f"</summary><ul>{units}</ul><p>{escape(side.objective)}</p></details>"
        )
    return "".join(out)
