"""A sweep's results as a reader takes them: a table with headings in words, and verdicts.

The balance lab and ``rulebook simulate`` both report through here, so the terminal and the
app say the same thing: for LZ Albany, wins each side and the US win rate with its interval;
for a First Team campaign, the victory levels and the NVA's VP (only the NVA score).

>>> from rulebook.games.lz_albany import standard_scenario
>>> from rulebook.sim import Variant, sweep
>>> result = sweep(standard_scenario(), 4, seed=1, executor="serial",
...                variants=[Variant("baseline"), Variant("changed", {"values.flares.value": "0"})])
>>> print(text_report(result, "lz-albany").splitlines()[0])
version   games  US wins  NVA wins  draws  US win rate (95% interval)  mean US VP  mean NVA VP  NVA automatic victories
"""

from __future__ import annotations

from collections.abc import Sequence

from rulebook._words import join_words
from rulebook.sim._run import GameResult
from rulebook.sim._sweep import SweepResult
from rulebook.sim.compare import compare_rates
from rulebook.sim.early import headline, second

__all__ = ["FTV_LEVELS", "ending_shift", "table", "text_report", "verdicts"]

FTV_LEVELS = ("NVA Strategic", "NVA Tactical", "NVA Limited", "Draw", "US Tactical")


def _by_variant(results: Sequence[GameResult]) -> dict[str, list[GameResult]]:
    out: dict[str, list[GameResult]] = {}
    for r in results:
        out.setdefault(r.variant, []).append(r)
    return out


def verdicts(results: Sequence[GameResult], game: str) -> list[str]:
    """Whether the second version differs from the first beyond chance, in sentences; none
    unless the results hold exactly two versions."""
    versions = list(_by_variant(results).values())
    if len(versions) != 2:
        return []
    base, var = versions
    out: list[str] = []
    winners = {r.winner for r in results}
    if len(winners) == 1:  # a rate of 0% or 100% on both sides cannot move
        (winner,) = winners
        endings = {r.ending for r in results}
        how = f" ({endings.pop()})" if len(endings) == 1 and winner is not None else ""
        who = {"us": "won by the US", "nva": "won by the NVA"}.get(winner, "drawn")
        out.append(
            f"Every game of both versions was {who}{how}, so win rates cannot show a "
            "difference: read the VP below, or try other players."
        )
    # With one winner throughout, the rate of wins is 0% or 100% on both sides: its test would
    # only repeat the sentence above ("100.0% against 100.0%, within chance").
    rate = {"first-team": second, "lz-albany": headline}.get(game) if len(winners) == 1 else None
    try:
        for compare in (headline, second):  # (the second may fail where the first did not)
            if compare is rate:
                continue
            what, verdict = compare(base, var, game)
            out.append(verdict.sentence(what))
    except ValueError as err:
        out.append(str(err).capitalize() + ".")
    shift = ending_shift(base, var, game)
    if shift:
        out.append(shift)
    return out


#: How a game's ending reads after "Games that ended" (LZ Albany's endings, lza:4.2 and 4.3).
_ENDED = {
    "victory points": "on victory points",
    "automatic victory": "in an NVA automatic victory",
    "draw": "in a draw",
}


def ending_shift(
    baseline: Sequence[GameResult], variant: Sequence[GameResult], game: str
) -> str | None:
    """A sentence on the way of ending a game (a victory level of a campaign) whose share moved
    beyond chance, the one that moved most; None if none did. The win rate can hold while the
    endings change (NVA Strategic victories turned Tactical, VP wins turned automatic ones),
    which a designer weighing a change wants told.

    Each way of ending is one more comparison that might move by chance, so a share counts as
    moved only where its p-value is under 0.05 divided by the number of ways (Bonferroni).

    >>> from rulebook.sim._run import GameResult
    >>> def games(name, automatic, by_vp):
    ...     endings = ["automatic victory"] * automatic + ["victory points"] * by_vp
    ...     return [GameResult(name, i, "nva", e, 0, 0, 10, 0, 0, 0, False)
    ...             for i, e in enumerate(endings)]
    >>> print(ending_shift(games("a", 30, 70), games("b", 70, 30), "lz-albany"))
    Games that ended in an NVA automatic victory: 70.0% in the variant against 30.0% in the baseline, 40.0 points higher. Beyond chance: a difference this large would arise by chance less than once in 1,000 (two-proportion z-test; 95% interval for the difference: 26.4 to 51.5 points). Of the 2 ways they ended (in an NVA automatic victory or on victory points), this share moved the most, and by more than chance would move even one of the 2.
    >>> ending_shift(games("a", 30, 70), games("b", 33, 67), "lz-albany") is None
    True
    """
    kinds = sorted({r.ending for r in (*baseline, *variant) if r.ending is not None})
    if len(kinds) < 2 or not baseline or not variant:
        return None
    moved = []
    for kind in kinds:
        counts = [sum(r.ending == kind for r in g) for g in (baseline, variant)]
        verdict = compare_rates(counts[0], len(baseline), counts[1], len(variant))
        if verdict.p < 0.05 / len(kinds):
            moved.append((verdict.p, -abs(verdict.difference), kind, verdict))
    if not moved:
        return None
    _, _, kind, verdict = min(moved)

    def ended(k: str) -> str:
        return f"in {k}" if game == "first-team" else _ENDED.get(k, f"by {k}")

    noun = "Campaigns" if game == "first-team" else "Games"
    ways = join_words([ended(k) for k in kinds], "or")
    return (
        f"{verdict.sentence(f'{noun} that ended {ended(kind)}')} Of the {len(kinds)} ways they "
        f"ended ({ways}), this share moved the most, and by more than chance would move even "
        f"one of the {len(kinds)}."
    )


def table(result: SweepResult, game: str) -> tuple[list[str], list[list[str]]]:
    """The results table's headings and its rows (one a version), as text.

    LZ Albany's rows are :meth:`SweepResult.summary`'s figures; a First Team row counts each
    victory level and gives the NVA's mean and median VP.
    """
    if game == "first-team":
        head = ["version", "campaigns", *FTV_LEVELS, "mean NVA VP", "median NVA VP"]
        rows = []
        for name, games in _by_variant(result.results).items():
            vp = sorted(r.vp_nva for r in games)
            middle = len(vp) // 2
            median = vp[middle] if len(vp) % 2 else (vp[middle - 1] + vp[middle]) / 2
            levels = [str(sum(r.ending == level for r in games)) for level in FTV_LEVELS]
            rows.append(
                [name, str(len(games)), *levels, f"{sum(vp) / len(vp):.1f}", f"{median:.0f}"]
            )
        return head, rows
    head = [
        "version",
        "games",
        "US wins",
        "NVA wins",
        "draws",
        "US win rate (95% interval)",
        "mean US VP",
        "mean NVA VP",
        "NVA automatic victories",
    ]
    rows = [
        [
            row["variant"],
            str(row["games"]),
            str(row["us_wins"]),
            str(row["nva_wins"]),
            str(row["draws"]),
            f"{row['us_win_rate']:.1%} ({row['us_win_low']:.1%} to {row['us_win_high']:.1%})",
            f"{row['mean_vp_us']:.1f}",
            f"{row['mean_vp_nva']:.1f}",
            str(row["nva_automatic"]),
        ]
        for row in result.summary().to_dict(orient="records")
    ]
    return head, rows


def text_report(result: SweepResult, game: str) -> str:
    """The results table as aligned text, then the verdicts, for a terminal."""
    head, rows = table(result, game)
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    lines = [
        "  ".join(
            cell.ljust(width) if i == 0 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in [head, *rows]
    ]
    said = verdicts(result.results, game)
    return "\n".join(lines + (["", *said] if said else []))
