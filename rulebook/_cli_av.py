"""``rulebook av``: Ambush Valley's tables, catalogues and scenarios from the command line."""

from __future__ import annotations

import argparse
import csv
import json
import sys

from rulebook._cli_input import _whole
from rulebook._words import join_words, quoted

EXIT_OK, EXIT_NOT_FOUND, EXIT_BAD_INPUT = 0, 1, 2  # as rulebook.cli has them


#: The options each action reads; another given is refused rather than passed over (a
#: fuzzing round's ``av scenario FILE --format json`` printed text into a JSON reader).
_READS = {
    "table": {"tq", "roll", "seed", "format"},
    "catalogue": {"kind", "search", "format"},
    "scenario": set(),
}
#: Each option's default, which the parser gives: any other value was given.
_UNSET = {"tq": 8, "roll": False, "seed": 0, "kind": None, "search": None, "format": "text"}


def add_parser(sub: argparse._SubParsersAction) -> None:
    av = sub.add_parser(
        "av",
        help="Ambush Valley: roll or read a table, list the catalogues, summarise a scenario",
        description="table NAME | catalogue [vehicles|platoons|forces] | scenario PATH",
    )
    av.add_argument("action", choices=["table", "catalogue", "scenario"])
    av.add_argument(
        "target",
        nargs="?",
        help="table name, catalogue (vehicles, platoons, forces) or scenario file",
    )
    av.add_argument(
        "--tq",
        type=int,
        default=_UNSET["tq"],
        choices=[6, 8, 10, 12],
        help="Troop Quality die for 2-TQ tables",
    )
    av.add_argument("--roll", action="store_true", help="roll the table once and print the trace")
    # (read as every command reads a seed: "x" and -1 are refused before anything is printed)
    av.add_argument(
        "--seed", type=_whole(0), default=_UNSET["seed"], help="dice seed for --roll, 0 or more"
    )
    av.add_argument(
        "--kind", choices=["ground", "boat", "helicopter", "aircraft"], help="vehicles of one kind"
    )
    av.add_argument("--search", help="names or nations containing this text")
    av.add_argument("--format", choices=["text", "csv", "json"], default=_UNSET["format"])
    av.set_defaults(func=run)


def _refuse_unread(args: argparse.Namespace) -> None:
    given = [o for o, unset in _UNSET.items() if getattr(args, o) != unset]
    unread = [o for o in given if o not in _READS[args.action]]
    if args.action == "catalogue" and args.kind and (args.target or "vehicles") != "vehicles":
        unread.append("kind")  # (vehicles have kinds; platoons and forces none)
    if args.action == "table" and args.roll and args.format != "text":
        raise ValueError("--roll prints its trace as text: leave out --format, or --roll")
    if unread:
        named = join_words([f"--{o}" for o in unread])
        command = " ".join(filter(None, ["av", args.action, args.target]))
        raise ValueError(f"{command} does not read {named}")


def run(args: argparse.Namespace) -> int:
    try:
        _refuse_unread(args)
        return {"table": _table, "catalogue": _catalogue, "scenario": _scenario}[args.action](args)
    except (KeyError, ValueError) as err:
        message = err.args[0] if err.args else str(err)
        print(f"rulebook av: {message}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _table(args: argparse.Namespace) -> int:
    from rulebook.dice import Dice
    from rulebook.games.ambush_valley.tables import table, table_names

    if not args.target:
        print("\n".join(table_names()))
        return EXIT_OK
    t = table(args.target)
    odds = t.odds(tq=args.tq)
    if args.format != "text":  # one row a result: its exact chance and its share in percent
        rows = [
            {"result": r, "chance": str(p), "percent": round(float(p) * 100, 3)}
            for r, p in odds.items()
        ]
        if args.format == "json":
            print(
                json.dumps(
                    {"table": t.name, "rule": t.rule, "roll": t.roll, "odds": rows}, indent=1
                )
            )
        else:
            out = csv.DictWriter(sys.stdout, ["result", "chance", "percent"], lineterminator="\n")
            out.writeheader()
            out.writerows(rows)
        return EXIT_OK
    print(
        f"{t.name} ({t.rule}, {t.provenance}; source lines {t.lines[0]}-{t.lines[-1]}): roll {t.roll}"
    )
    for result, p in odds.items():
        print(f"  {float(p) * 100:5.1f}%  {p!s:>7}  {result}")
    if args.roll:
        print(t.resolve(Dice(args.seed), tq=args.tq).trace)
    return EXIT_OK


def _catalogue(args: argparse.Namespace) -> int:
    from rulebook.games.ambush_valley.catalogue import forces, platoons, vehicles

    which = args.target or "vehicles"
    if which not in ("vehicles", "platoons", "forces"):
        raise ValueError(f"no catalogue {quoted(which)}; choose vehicles, platoons or forces")
    frame = {"vehicles": lambda: vehicles(args.kind), "platoons": platoons, "forces": forces}[
        which
    ]()
    if args.search:
        text = args.search.lower()
        frame = frame[
            frame.index.str.lower().str.contains(text, regex=False)
            | frame.astype(str)
            .apply(lambda c: c.str.lower().str.contains(text, regex=False))
            .any(axis=1)
        ]
        if frame.empty:  # said as `rules search` says it (pandas printed "Empty DataFrame")
            print(
                f"rulebook av: nothing in the {which} catalogue matches {quoted(args.search)}",
                file=sys.stderr,
            )
            return EXIT_NOT_FOUND
    if args.format == "csv":
        print(frame.to_csv(), end="")
    elif args.format == "json":
        print(frame.to_json(orient="index", indent=1))
    else:
        print(_missing_as(frame, "-").to_string())
    return EXIT_OK


def _missing_as(frame, word: str):
    """*frame* with *word* for each value it lacks, where pandas would show NaN, <NA> or None
    (its ``na_rep`` passes over the last two); CSV leaves such a cell empty and JSON writes
    null, as readers of those expect."""
    return frame.astype(object).where(frame.notna(), word)


def _scenario(args: argparse.Namespace) -> int:
    from rulebook.games.ambush_valley.scenario import Scenario

    if not args.target:
        raise ValueError("name the scenario file, e.g. scenarios/ambush_valley/dak_po.yaml")
    s = Scenario.load(args.target)
    spec = s.spec
    print(
        f"{s.file.title}: {spec.table[0]:g} x {spec.table[1]:g} in, {spec.duration} (layout {spec.layout.provenance.value})"
    )
    for key, side in spec.sides.items():
        print(
            f"  {key}: {side.name}, {side.force}, TQ D{side.tq} / Morale D{side.morale}, {side.supply}, {s.figures(key)} figures"
        )
    for i, r in enumerate(spec.reinforcements):
        print(f"  {r.side} reinforcements from turn {r.first_turn}: {r.trigger.die} then {r.roll}")
        for row, p in s.reinforcement_odds(i).items():
            print(f"    {float(p) * 100:5.1f}%  {row:>5}  {r.rows.get(row, 'nothing')}")
    found = s.problems()
    for problem in found:
        print(problem, file=sys.stderr)
    return EXIT_BAD_INPUT if found else EXIT_OK
