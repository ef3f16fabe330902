"""The ``rulebook`` command: validate scenario files, export their schema, serve the apps.

Exit codes: 0 success, 1 a rules search found nothing, 2 bad input (an invalid
file, a missing path, a missing extra, a rule id that does not exist, an argument
out of range, a file that cannot be written, a busy port), 130 stopped by Ctrl-C.
Every refusal is one line on stderr naming the problem; never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import importlib.util
import json
import os
import signal
import sys
import threading
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path

from rulebook._atomic import atomic_write_text
from rulebook._cli_input import (
    OneLineParser,
    _check_override_value,
    _dask_client,
    _each_once,
    _file_name,
    _port_busy,
    _tag,
    _whole,
)
from rulebook._datafile import parse_yaml, read_data_text
from rulebook._version import __version__
from rulebook._words import quoted
from rulebook.errors import InvalidActionError, ScenarioError
from rulebook.history import check_history_file, is_history_file
from rulebook.scenario import load_scenario, validate
from rulebook.scenario._schema import json_schema_text

__all__ = ["main"]

EXIT_OK = 0
EXIT_NOT_FOUND = 1  # `rules search` found nothing (as grep does)
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130  # as shells report a process stopped by SIGINT
EXIT_BROKEN_PIPE = 141  # as shells report a writer stopped by SIGPIPE (`... | head`)
MAX_GAMES = 100_000  # games per variant: a day's run; more is a typing slip (and memory)
MAX_WORKERS = 256
PROJECT_ROOT = Path(__file__).resolve().parent.parent
START_PAGE = "00_start_here.ipynb"


def _scenario_files(paths: Sequence[str]) -> Iterator[Path]:
    for name in paths:
        path = Path(name)
        if path.is_dir():
            # (in any case, as the apps read them; a folder named d.yaml is walked, not read)
            yield from sorted(
                p
                for p in path.rglob("*")
                if not p.is_dir()
                and (
                    p.suffix.lower() in {".yaml", ".yml"}
                    or (p.suffix.lower() == ".geojson" and is_history_file(p))
                )
            )
        else:
            yield path


def _is_geojson(path: Path) -> bool:
    """Whether *path* holds a GeoJSON collection (a designer's map), read within bounds."""
    if path.suffix.lower() not in {".geojson", ".json"}:
        return False
    try:
        data, _ = parse_yaml(read_data_text(path), str(path))  # (JSON is YAML)
    except ScenarioError:
        return False
    return isinstance(data, dict) and data.get("type") == "FeatureCollection"


def _cmd_validate(args: argparse.Namespace) -> int:
    files = list(_scenario_files(args.paths))
    if not files:
        print(f"rulebook validate: no .yaml files under {', '.join(args.paths)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    failed = 0
    for path in files:
        if is_history_file(path):
            try:
                summary = check_history_file(path)
            except ScenarioError as err:
                failed += 1
                print(err, file=sys.stderr)
            else:
                if not args.quiet:
                    print(f"ok  {path}  (walkthrough data: {summary})")
            continue
        if _is_geojson(path):  # (was "schema_version: required field is missing")
            failed += 1
            print(
                f"{path}: a GeoJSON map, not a scenario file: the designers open it with Load, "
                "and validate reads the scenario they save as YAML",
                file=sys.stderr,
            )
            continue
        try:
            scenario = load_scenario(path)
        except ScenarioError as err:
            failed += 1
            print(err, file=sys.stderr)
            continue
        problems = validate(scenario, str(path))
        if problems:
            failed += 1
            for problem in problems:
                print(problem, file=sys.stderr)
        elif not args.quiet:
            print(f"ok  {path}  ({scenario.game.value}: {scenario.title})")
    if failed:
        print(f"{failed} of {len(files)} file(s) invalid", file=sys.stderr)
        return EXIT_BAD_INPUT
    return EXIT_OK


def _write_out(command: str, output: str | None, text: str) -> int:
    """*text* to the file *output* (atomically), or to standard output; the exit code."""
    if not output:
        sys.stdout.write(text)
        return EXIT_OK
    try:
        atomic_write_text(Path(output), text)
    except OSError as err:  # (its strerror already says "cannot write PATH: why")
        print(f"rulebook {command}: {err.strerror}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return EXIT_OK


def _cmd_schema(args: argparse.Namespace) -> int:
    return _write_out("schema", args.output, json_schema_text())


IOPUB_TIMEOUT_S = 60  # how long Voila waits for an app's output once its cell finished
# After a visitor takes an app's ready kernel, Voila starts its replacement this many seconds
# later: not at once, so on a small machine the new kernel does not slow the page just opened.
PREHEAT_REFILL_S = 5


def _cmd_serve(args: argparse.Namespace) -> int:
    notebooks = Path(args.notebooks) if args.notebooks else PROJECT_ROOT / "notebooks"
    if not (notebooks / START_PAGE).is_file():
        print(
            f"rulebook serve: no {START_PAGE} in {notebooks}; run from a checkout of the project"
            " or pass --notebooks PATH",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    if importlib.util.find_spec("voila") is None:
        print(
            "rulebook serve: Voila is not installed; install the app extra: pip install -e '.[app]'",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    preheat, pools = args.preheat, None
    if args.preheat_apps is not None:
        apps = sorted(p.stem for p in notebooks.glob("*.ipynb"))
        asked = [n for a in args.preheat_apps.split(",") if (n := a.strip().removesuffix(".ipynb"))]
        unknown = [a for a in asked if a not in apps]
        if unknown or not asked:
            named = ", ".join(quoted(a) for a in unknown) if unknown else "no app"
            print(
                f"rulebook serve: --preheat-apps names {named}; the apps in {notebooks} are: "
                + ", ".join(apps),
                file=sys.stderr,
            )
            return EXIT_BAD_INPUT
        preheat = preheat or 1  # the apps named, one kernel each unless --preheat says more
        pools = {"default": {"pool_size": 0}} | {
            f"{a}.ipynb": {"pool_size": preheat} for a in asked
        }
    busy = _port_busy(args.port)
    if busy:
        print(f"rulebook serve: port {args.port} is {busy}; pass --port N", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(
        f"Serving the apps at http://127.0.0.1:{args.port}/voila/render/{START_PAGE}"
        " (Ctrl-C stops)",
        flush=True,
    )
    if preheat:
        which = "each app" if pools is None else ", ".join(a for a in pools if a != "default")
        print(
            f"Starting {preheat} kernel(s) for {which} ahead of its visitors, so it opens "
            "sooner once they are ready",
            flush=True,
        )
    argv = [
        sys.executable,
        "-m",
        "widgets.voila_server",  # Voila, with a closed tab's kernel shut down at once
        str(notebooks),
        "--no-browser",
        f"--port={args.port}",
        "--Voila.ip=127.0.0.1",
        # Voila would move to the next free port, and the URL printed above would be wrong.
        "--Voila.port_retries=0",
        # Errors show in each app's own error panel; no tracebacks for visitors.
        f"--VoilaConfiguration.show_tracebacks={args.tracebacks}",
        # A closed tab's kernel (about 100 MB) is shut down after it idles, so a day of a
        # class's use does not fill a small server's memory.
        f"--MappingKernelManager.cull_idle_timeout={args.cull_idle}",
        "--MappingKernelManager.cull_interval=60",
        "--MappingKernelManager.cull_connected=False",
        # Voila drops a cell's output that reaches it more than iopub_timeout (4 s by default)
        # after the cell finished, and the page then shows no app at all: on a busy machine (a
        # shared Binder, a loaded CI box) an app's widgets can take that long.
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT_S}",
    ]
    if os.name == "posix":
        # Kernels talk to the server over Unix sockets, which only this user may open, rather
        # than TCP ports any local user could reach; each kernel then no longer warns, in the
        # terminal, that its messages travel unencrypted. (Windows has no such sockets.)
        argv.append("--KernelManager.transport=ipc")
    if preheat:
        # Kernels started ahead of visitors, *preheat* per app (or per app named), each with
        # everything imported and waiting in wait_for_visitor: an app opens in about half the
        # time. Not the default: every ready kernel holds memory, all start at once with the
        # server (a small machine is busy for its first half minute), and each one a visitor
        # takes is replaced, so a single user's machine does about twice the work for its speed.
        argv += [
            "--preheat_kernel=True",
            f"--pool_size={0 if pools else preheat}",
            f"--VoilaKernelManager.fill_delay={PREHEAT_REFILL_S}",
        ]
        if pools:
            argv.append(f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}")
    # What the apps would work out at their first visitor's click (the rules' links, each
    # map's line of sight) is worked out now, beside the server, and kept (rulebook._warm);
    # the modules' bytecode first, before any kernel starts and compiles them for itself.
    from rulebook._warm import compile_sources, start_in_background

    compile_sources()
    start_in_background()
    # Replace this process, so stopping it (Ctrl-C, a test's terminate) stops Voila itself.
    os.execv(sys.executable, argv)  # noqa: S606 - our own interpreter, fixed arguments
    return EXIT_OK  # pragma: no cover - execv does not return


COVERED_BOOKS = ("lza", "ftv")  # the books whose rule cases the engines implement


def _rules_listing(ref, action: str, terms: list[str]) -> int:
    """Print the interpretations, one a line, or the coverage table of each named book."""
    if action == "coverage":
        from rulebook.reference._coverage import coverage_table

        unknown = [t for t in terms if t not in COVERED_BOOKS]
        if unknown:
            print(
                f"rulebook rules coverage: no book {quoted(unknown[0])}; "
                f"name {' or '.join(COVERED_BOOKS)}",
                file=sys.stderr,
            )
            return EXIT_BAD_INPUT
        print("\n\n".join(coverage_table(ref, prefix) for prefix in terms or COVERED_BOOKS))
        return EXIT_OK
    for _entry, interp in ref.interpretations():
        option = f" [option {interp.option}]" if interp.option else ""
        reading = next(r.text for r in interp.readings if r.id == interp.engine_uses)
        print(f"{interp.id}: engine uses {interp.engine_uses}: {reading}{option}")
    return EXIT_OK


def _cmd_rules(args: argparse.Namespace) -> int:
    from rulebook.reference import load_reference
    from rulebook.reference._export import entry_text, export

    ref = load_reference()
    if args.action == "show":
        return _rules_show(ref, args.terms, entry_text)
    if args.action in ("coverage", "interpretations"):
        return _rules_listing(ref, args.action, args.terms)
    if args.action == "check":
        findings = ref.check()
        for finding in findings:
            print(finding)
        print(f"{len(findings)} finding(s) in {len(ref)} entries")
        return EXIT_OK
    if args.action == "export":
        text = export(ref, args.format)
        return _write_out("rules export", args.output, text if args.output else text + "\n")
    if args.action == "site":
        return _rules_site(ref, args.output)
    return _rules_search(ref, args)


def _rules_show(ref, rule_ids: list[str], entry_text) -> int:
    if not rule_ids:
        print(
            "rulebook rules show: give one or more rule ids, e.g. `rulebook rules show lza:7.8`",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    for rule_id in rule_ids:
        try:
            entry = ref[ref.resolve(rule_id) or rule_id]
        except KeyError as err:
            print(f"rulebook rules show: {err.args[0]}", file=sys.stderr)
            return EXIT_BAD_INPUT
        print(entry_text(ref, entry))
    return EXIT_OK


def _rules_search(ref, args: argparse.Namespace) -> int:
    from rulebook.reference import searchable

    query = searchable(" ".join(args.terms))
    if not query:
        print(
            "rulebook rules search: give words or a rule id, e.g. `rulebook rules search LOS`",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    if args.tag and not any(args.tag in e.tags for e in ref.entries.values()):
        tags = sorted({t for e in ref.entries.values() for t in e.tags})
        near = difflib.get_close_matches(args.tag, tags, n=3)
        hint = f"; nearest tags: {', '.join(near)}" if near else f"; tags: {', '.join(tags)}"
        print(
            f"rulebook rules search: no entry has the tag {quoted(args.tag)}{hint}", file=sys.stderr
        )
        return EXIT_BAD_INPUT
    hits = ref.find(query, game=args.game, tag=args.tag)
    if hits and hits[0].missing:
        from rulebook.games._narrate import count

        but = count(len(hits[0].missing), "word")
        print(
            f"rulebook rules search: no entry has every word of {quoted(query)}; these have all but {but}",
            file=sys.stderr,
        )
    for hit in hits:
        print(f"{hit.entry.id:<12} {hit.entry.title}  ({hit.why})")
        if args.context and hit.context:
            print(f"{'':<13}{hit.context_text('[{}]')}")
    if hits:
        return EXIT_OK
    near = ref.suggest(query)
    hint = f"; nearest words in the books: {', '.join(near)}" if near else ""
    print(f"rulebook rules search: nothing matches {quoted(query)}{hint}", file=sys.stderr)
    return EXIT_NOT_FOUND


def _rules_site(ref, output: str | None) -> int:
    from rulebook.reference._site import SiteError, build_site

    if not output:
        print("rulebook rules site: say where to build it: -o DIR", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        index = build_site(ref, Path(output))
    except SiteError as err:
        print(f"rulebook rules site: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(f"rulebook rules site: stopped (Ctrl-C); {output} is as it was", file=sys.stderr)
        return EXIT_INTERRUPTED
    print(f"built the rules site: open {index.resolve().as_uri()}")
    return EXIT_OK


@contextlib.contextmanager
def _ctrl_c_cancels() -> Iterator[threading.Event]:
    """While open, a first Ctrl-C sets the event (the sweep stops and keeps finished games);
    a second one interrupts at once."""
    cancel = threading.Event()

    def stop(signum: int, frame: object) -> None:
        if cancel.is_set():
            raise KeyboardInterrupt
        cancel.set()

    try:
        previous = signal.signal(signal.SIGINT, stop)
    except ValueError:  # not the main thread: leave Ctrl-C as it is
        yield cancel
        return
    try:
        yield cancel
    finally:
        signal.signal(signal.SIGINT, previous)


def _stop_reason(early) -> str | None:
    """Why a sweep stopped before its last game, for the JSON summary."""
    if early is None:
        return None
    return "clear difference" if early.clear else "no difference in reach"


def _suspects(args: argparse.Namespace, overrides: dict[str, str]) -> str:
    """Where to look when a game of a checked scenario stops part-way."""
    if overrides:
        changed = ", ".join(f"{path}={value}" for path, value in overrides.items())
        return f"a value changed with --set ({changed}) may be more than the rules can play"
    what = args.scenario or "the scenario file"
    return f"`rulebook validate {what}` plays a test game and says where it stops"


def _say_how_it_went(result) -> None:
    """A sweep's games taken from earlier runs, its early stop and a Ctrl-C, on stderr."""
    if result.reused:
        print(
            f"rulebook simulate: {result.reused:,} of the games were taken from earlier runs, "
            "not played again",
            file=sys.stderr,
        )
    if result.early is not None:
        print(f"rulebook simulate: {result.early.sentence()}", file=sys.stderr)
    if result.cancelled:
        kept = "; the summary below counts those" if result.results else ""
        print(
            f"rulebook simulate: stopped (Ctrl-C) after {len(result.results)} of "
            f"{result.requested} games{kept}",
            file=sys.stderr,
        )


def _cmd_simulate(args: argparse.Namespace) -> int:
    import json
    from contextlib import ExitStack

    from tqdm import tqdm

    from rulebook import sim
    from rulebook.games.first_team import campaign_scenario
    from rulebook.games.lz_albany import standard_scenario
    from rulebook.scenario import load_scenario, require_playable
    from rulebook.sim import Variant, apply_overrides, parse_override, sweep
    from rulebook.sim.report import text_report

    try:
        for item in args.set:
            _check_override_value(item)
        overrides = _each_once("--set", args.set, parse_override)
        default = campaign_scenario if args.game == "first-team" else standard_scenario
        scenario = (
            require_playable(load_scenario(args.scenario), str(args.scenario), args.game)
            if args.scenario
            else default()
        )
        apply_overrides(scenario, overrides)  # fail here, before any game starts
    except (ValueError, OverflowError) as err:
        print(f"rulebook simulate: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.stop_when_clear and not overrides:
        print(
            "rulebook simulate: --stop-when-clear stops a comparison of two versions; with no "
            "--set there is one version, so every game is played",
            file=sys.stderr,
        )
    variants = [Variant("baseline")] + ([Variant("changed", overrides)] if overrides else [])
    with ExitStack() as stack:
        executor = None
        if args.scheduler:
            try:
                client = _dask_client(args.scheduler)
            except ValueError as err:
                print(f"rulebook simulate: {err}", file=sys.stderr)
                return EXIT_BAD_INPUT
            executor = stack.enter_context(client).get_executor()
        elif args.workers == 0:
            executor = "serial"
        bar = stack.enter_context(
            tqdm(total=args.games * len(variants), unit="game", file=sys.stderr, disable=args.quiet)
        )
        try:
            result = sweep(
                scenario,
                args.games,
                args.seed,
                variants=variants,
                executor=executor,
                workers=args.workers or None,
                policies=args.policy,
                progress=lambda done, total: bar.update(done - bar.n),
                cancel=stack.enter_context(_ctrl_c_cancels()),
                stop_when_clear=args.stop_when_clear,
                known=sim.KnownGames(folder=sim.default_folder()) if args.reuse_games else None,
            )
        except ValueError as err:  # a value the checks let through but the rules cannot play
            bar.close()  # (its line ends before the message starts)
            print(
                f"rulebook simulate: a game stopped part-way: {err}; {_suspects(args, overrides)}",
                file=sys.stderr,
            )
            return EXIT_BAD_INPUT
    _say_how_it_went(result)
    if result.cancelled and not result.results:
        return EXIT_INTERRUPTED
    if args.json:
        print(
            json.dumps(
                {
                    "game": args.game,
                    "games": args.games,
                    "seed": args.seed,
                    "policy": args.policy,
                    "overrides": overrides,
                    "variants": result.summary().to_dict(orient="records"),
                    "stopped_early_at": result.early.games if result.early else None,
                    "stopped_early_because": _stop_reason(result.early),
                    "games_reused": result.reused,
                },
                indent=2,
            )
        )
    else:
        print(text_report(result, args.game))
    return EXIT_INTERRUPTED if result.cancelled else EXIT_OK


def _option_values(args: argparse.Namespace) -> dict[str, str]:
    """The ``--option NAME=VALUE`` settings by name; a ValueError if one has no ``=`` or a
    name is set twice."""
    example = {"first-team": "airstrike_dice=d6-plus-units"}.get(
        getattr(args, "game", ""), "overstack_fire=example_two_fire"
    )
    for item in args.option:
        name, equals, value = item.partition("=")
        if not (name.strip() and equals and value.strip()):  # (was "unknown option “x”")
            raise ValueError(f"--option takes NAME=VALUE, as in {example}; not {quoted(item)}")
    return _each_once("--option", args.option, lambda item: item.partition("=")[::2])


def _options(args: argparse.Namespace, scenario) -> dict:
    """NAME=VALUE pairs, each value matched to one of the option's choices (so 'true' is True)."""
    options = {}
    for name, value in _option_values(args).items():
        choices = scenario.options[name].choices if name in scenario.options else []
        options[name] = next((c for c in choices if str(c).lower() == value.lower()), value)
    return options


def _cmd_play(args: argparse.Namespace) -> int:
    import json

    from rulebook.scenario import load_scenario, require_playable

    play = _play_first_team if args.game == "first-team" else _play_lz_albany
    try:
        _option_values(args)  # said before any file is read, not as a game stopped part-way
    except ValueError as err:
        print(f"rulebook play: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        scenario = load_scenario(args.scenario) if args.scenario else None
        if scenario is not None:  # named problems, not an engine's stop
            scenario = require_playable(scenario, str(args.scenario), args.game)
        game, summary = play(args, scenario)
    except (ScenarioError, InvalidActionError) as err:  # the file, or an option it lacks
        print(f"rulebook play: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except ValueError as err:  # a value the checks let through but the rules cannot play
        said = f"the game stopped part-way: {err}; {_suspects(args, {})}" if args.scenario else err
        print(f"rulebook play: {said}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.log:
        print(game.log_text())
    if args.json:
        print(json.dumps(summary, indent=2))
    elif args.game == "first-team":
        print(
            f"{summary['level']} after {summary['turns_played']} turn(s): NVA {summary['nva_vp']} VP, "
            f"US casualty points {summary['us_casualty_points']}, US companies lost "
            f"{summary['us_companies_lost']}; {summary['actions']} actions"
        )
    else:
        print(
            f"{summary['winner'] or 'nobody'} wins ({summary['ending']}) after {summary['turns_played']} turn(s): "
            f"US {summary['vp']['us']} VP, NVA {summary['vp']['nva']} VP; {summary['actions']} actions"
        )
    return EXIT_OK


def _play_lz_albany(args: argparse.Namespace, scenario):
    import random

    from rulebook.games.lz_albany import (
        new_game,
        play_out,
        random_policy,
        scripted_policy,
        standard_scenario,
    )

    options = _options(args, scenario or standard_scenario())
    game = new_game(scenario, seed=args.seed, options=options)
    if args.policy == "scripted":
        players = {"us": scripted_policy("us"), "nva": scripted_policy("nva")}
    else:
        policy = random_policy(random.Random(args.seed))  # noqa: S311 - a game policy
        players = {"us": policy, "nva": policy}
    play_out(game, players)
    outcome = game.outcome() or {}
    return game, {
        "game": args.game,
        "scenario": game.scenario.id,
        "seed": args.seed,
        "options": options,
        "turns_played": game.turn,
        "vp": outcome.get("vp"),
        "winner": outcome.get("winner"),
        "ending": outcome.get("ending"),
        "actions": len(game.history),
        "events": sum(len(e.trace) for e in game.log),
    }


def _play_first_team(args: argparse.Namespace, scenario):
    import random

    from rulebook.games.first_team import campaign_scenario
    from rulebook.games.first_team.engine import new_campaign
    from rulebook.games.first_team.policy import random_policy, scripted_policy

    options = _options(args, scenario or campaign_scenario())
    game = new_campaign(scenario, seed=args.seed, options=options)
    if args.policy == "scripted":
        policy = scripted_policy()
    else:
        policy = random_policy(random.Random(args.seed))  # noqa: S311 - a game policy
    while not game.is_over():
        game.apply(policy(game))
    outcome = game.outcome() or {}
    return game, {
        "game": args.game,
        "scenario": game.scenario.id,
        "seed": args.seed,
        "options": options,
        "turns_played": outcome.get("turns"),
        "nva_vp": outcome.get("nva_vp"),
        "level": outcome.get("level"),
        "us_casualty_points": outcome.get("us_casualty_points"),
        "us_companies_lost": outcome.get("us_companies_lost"),
        "us_companies_broken": outcome.get("us_companies_broken"),
        "nva_companies_lost": outcome.get("nva_companies_lost"),
        "actions": len(game.history),
    }


def _add_simulate(sub) -> None:
    """The ``simulate`` command's arguments."""
    sim = sub.add_parser("simulate", help="play many seeded games and compare variants")
    sim.add_argument("game", choices=["lz-albany", "first-team"], help="which game")
    sim.add_argument(
        "--games",
        type=_whole(1, MAX_GAMES),
        default=100,
        help=f"games per variant, 1 to {MAX_GAMES} (default 100)",
    )
    sim.add_argument("--seed", type=_whole(0), default=0, help="sweep seed, 0 or more (default 0)")
    sim.add_argument(
        "--policy",
        choices=["random", "scripted"],
        default="random",
        help="who plays both sides: uniform random, or each side's scripted rules of thumb",
    )
    sim.add_argument(
        "--workers",
        type=_whole(0, MAX_WORKERS),
        default=None,
        help="worker processes (default: one per core this process may use; 0: run here, one by one)",
    )
    sim.add_argument("--scheduler", help="address of a Dask scheduler, e.g. tcp://127.0.0.1:8786")
    sim.add_argument(
        "--scenario", type=_file_name, help="scenario file (default: the standard scenario)"
    )
    sim.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="PATH=VALUE",
        help="a variant: change a value (=N) or scale it (=*F); compared with the baseline",
    )
    sim.add_argument(
        "--stop-when-clear",
        action="store_true",
        help="with --set, stop at a look after each fifth of the games once the answer is "
        "clear: a difference far beyond chance (p < 0.001), or, from two-fifths of the games "
        "on, differences in both the headline and the comparison after it too small for every "
        "game to show (see rulebook.sim.early)",
    )
    sim.add_argument(
        "--reuse-games",
        action="store_true",
        help="take the games an earlier run (or the balance lab) played of the same version "
        "(rules code, scenario, changes, players) and seed rather than play them again, and "
        "keep the games played, in $RULEBOOK_KNOWN_GAMES or ~/.cache/ia-drang-rulebook/"
        "known-games; the results are the same either way",
    )
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(func=_cmd_simulate)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, exposed for documentation and tests."""
    parser = OneLineParser(
        prog="rulebook",
        description="Executable rules and scenarios for LZ Albany, First Team: Vietnam and Ambush Valley.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    val = sub.add_parser("validate", help="check scenario files; exit 2 if any is invalid")
    val.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders of them")
    val.add_argument("-q", "--quiet", action="store_true", help="print only problems")
    val.set_defaults(func=_cmd_validate)

    sch = sub.add_parser("schema", help="print the JSON Schema of scenario files")
    sch.add_argument("-o", "--output", type=_file_name, help="write it to this file instead")
    sch.set_defaults(func=_cmd_schema)

    rul = sub.add_parser(
        "rules",
        help="search, read, check and export the rules reference",
        description=(
            "search QUERY | show ID... | check | export | interpretations | coverage [lza ftv] "
            "| site -o DIR"
        ),
        epilog="Exit codes: 0 found or done, 1 a search found nothing (nearest words are "
        "suggested), 2 bad input (no query, an unknown rule id, no -o for site, or a folder "
        "for site that holds other files), 130 stopped by Ctrl-C.",
    )
    rul.add_argument(
        "action",
        choices=["search", "show", "check", "export", "interpretations", "coverage", "site"],
    )
    rul.add_argument("terms", nargs="*", help="words to search for, or rule ids to show")
    rul.add_argument("--game", choices=["lza", "ftv", "av"], help="search one book only")
    rul.add_argument("--tag", type=_tag, help="search entries with this tag only")
    rul.add_argument(
        "--format", choices=["json", "csv", "md"], default="json", help="export format"
    )
    rul.add_argument(
        "-o",
        "--output",
        type=_file_name,
        help="export to this file; for site, the folder to build the site in: a new or empty "
        "one, or a site built before, which is replaced once the new one is whole",
    )
    rul.add_argument(
        "--context", action="store_true", help="search: show each hit's matched words in context"
    )
    rul.set_defaults(func=_cmd_rules)

    ply = sub.add_parser("play", help="play a whole game with seeded dice and a policy")
    ply.add_argument("game", choices=["lz-albany", "first-team"], help="which game")
    ply.add_argument(
        "--seed", type=_whole(0), default=0, help="dice and policy seed, 0 or more (default 0)"
    )
    ply.add_argument(
        "--policy",
        choices=["random", "scripted"],
        default="random",
        help="who plays (both sides of LZ Albany; the US in First Team, whose NVA is programmed)",
    )
    ply.add_argument(
        "--scenario", type=_file_name, help="scenario file (default: the standard scenario)"
    )
    ply.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="set a scenario option"
    )
    ply.add_argument("--json", action="store_true", help="print a JSON summary")
    ply.add_argument(
        "--log", action="store_true", help="print every action with the rules it set off"
    )
    ply.set_defaults(func=_cmd_play)

    _add_simulate(sub)

    from rulebook import _cli_av

    _cli_av.add_parser(sub)

    srv = sub.add_parser("serve", help="serve the notebook apps with Voila on 127.0.0.1")
    srv.add_argument(
        "--port", type=_whole(1, 65535), default=8866, help="port, 1 to 65535 (default 8866)"
    )
    srv.add_argument(
        "--cull-idle",
        type=_whole(0),
        default=1800,
        metavar="SECONDS",
        help="shut down a kernel idle this long (default 1800; 0 never)",
    )
    srv.add_argument(
        "--tracebacks",
        action="store_true",
        help="show Python tracebacks in the apps (for developers; off by default)",
    )
    srv.add_argument(
        "--preheat",
        type=_whole(0, 8),
        default=0,
        metavar="N",
        help="kernels kept ready for each app, 0 to 8, so it opens in about half the time "
        "(default 0: a kernel starts when a page is opened). Each holds about 115 MB, and "
        "all of them start with the server",
    )
    srv.add_argument(
        "--preheat-apps",
        metavar="APPS",
        help="keep kernels ready only for these apps, by notebook name, comma-separated "
        "(e.g. ia_drang_walkthrough,rules_reference); one each unless --preheat says more",
    )
    srv.add_argument("--notebooks", help="folder of notebooks (default: the project's notebooks/)")
    srv.set_defaults(func=_cmd_serve)
    return parser


# Control characters a terminal obeys rather than shows (C0 but newline and tab, DEL, C1), each
# written as its escape: \x1b for ESC, \x07 for the bell.
_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x20), *range(0x7F, 0xA0)) if chr(c) not in "\n\t"}


class _ShownAsText:
    """A text stream that writes control characters as escapes (``\\x1b``), so a title or a
    name from a user's file, printed anywhere by any command, reaches the terminal as text
    and never as a sequence it would obey (clear the screen, ring the bell, retitle the
    window). Everything else is the stream's own."""

    def __init__(self, stream, keep: str = "") -> None:
        self._stream = stream
        self._table = {c: escape for c, escape in _CONTROLS.items() if chr(c) not in keep}

    def write(self, text: str) -> int:
        self._stream.write(text.translate(self._table))
        return len(text)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


@contextlib.contextmanager
def _shown_as_text() -> Iterator[None]:
    """While open, standard output and error write control characters as text."""
    streams = sys.stdout, sys.stderr
    # (stderr keeps the carriage return: the progress bar redraws its line with it)
    sys.stdout, sys.stderr = _ShownAsText(sys.stdout), _ShownAsText(sys.stderr, keep="\r")
    try:
        yield
    finally:
        sys.stdout, sys.stderr = streams


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    with _shown_as_text():  # the one place every command's output goes out
        return _run(argv)


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    # A command's words may come after its options too (rules search --game av LOS): argparse
    # gives the words before the options to ``terms`` and leaves the rest over.
    if extra and isinstance(getattr(args, "terms", None), list):
        unknown = [word for word in extra if word.startswith("-")]
        if unknown:
            parser.error(f"unrecognized arguments: {' '.join(unknown)}")
        args.terms += extra
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        with warnings.catch_warnings():
            # A warning (a kept-games file that could not be read) is a line of the command's
            # own, not Python's "path:line: UserWarning:" with the source line under it.
            warnings.showwarning = lambda message, *_, **__: print(
                f"rulebook {args.command}: {message}", file=sys.stderr
            )
            return int(args.func(args))
    except BrokenPipeError:
        # Output piped into `head` and the like, which stopped reading: the command did not
        # finish, so it does not say it did (0 hid a failed `validate | head`), and what it
        # says on stderr still shows. Python's last flush of stdout would fail again at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        print(f"rulebook {args.command}: stopped (Ctrl-C)", file=sys.stderr)
        return EXIT_INTERRUPTED
    except (ScenarioError, OSError) as err:  # a file named on the command line
        print(f"rulebook {args.command}: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
