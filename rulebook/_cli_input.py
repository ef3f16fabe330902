"""Checking the command line's input: ranges, ports, scheduler addresses, ``--set`` values.

Each refusal is one line naming the problem, so ``rulebook`` never answers bad input with a
traceback.

>>> _whole(1, 10)("3")
3
"""

from __future__ import annotations

import argparse
from typing import NoReturn

from rulebook._words import quoted


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose refusals are one line (the usage is a ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _whole(lo: int, hi: int | None = None):
    """An argparse type: a whole number from *lo* to *hi*, refused in one line otherwise."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number") from None
        if value < lo or (hi is not None and value > hi):
            span = f"{lo} or more" if hi is None else f"{lo} to {hi}"
            raise argparse.ArgumentTypeError(f"{value} is out of range ({span})")
        return value

    return parse


def _file_name(text: str) -> str:
    """An argparse type: a file name, refusing an empty one (which would read as "not given"
    and quietly mean the default file)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("give a file name (it is empty)")
    return text


def _tag(text: str) -> str:
    """An argparse type: a tag, refusing an empty one (which searched for nothing and blamed
    the words searched for)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("give a tag (it is empty)")
    return text.strip()


def _port_busy(port: int) -> str | None:
    """Why *port* on 127.0.0.1 cannot be served on (in use, not allowed), or None if it can."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as err:
            return "already in use" if err.errno == 98 else f"not available ({err.strerror})"
    return None


def _check_override_value(text: str) -> None:
    """The value side of ``--set PATH=VALUE``: a finite number in range, or ``*F`` scaling."""
    import math

    from rulebook._datafile import MAX_NUMBER

    _, _, value = text.partition("=")
    number = value.strip().removeprefix("*")
    try:
        parsed = float(number)
    except ValueError:
        if value.strip().startswith("*"):
            raise ValueError(f"{quoted(text)}: *F scales by a number, e.g. *1.5") from None
        return  # text: the schema judges it
    if not math.isfinite(parsed) or abs(parsed) > MAX_NUMBER:
        raise ValueError(f"{quoted(text)}: {number} is out of range (within +-{MAX_NUMBER})")


def _each_once(flag: str, given: list[str], split) -> dict[str, str]:
    """The ``NAME=VALUE`` settings *given* to *flag*, each split by *split* into its name and
    value; a ValueError naming both if two set the same name (the last one silently won).

    >>> _each_once("--set", ["a=1", "b=2"], lambda t: t.split("="))
    {'a': '1', 'b': '2'}
    """
    values: dict[str, str] = {}
    said: dict[str, str] = {}
    for text in given:
        name, value = split(text)
        if name in values:
            raise ValueError(
                f"{flag} sets {name} twice, {quoted(said[name])} and {quoted(text)}; give one of them"
            )
        values[name], said[name] = value, text
    return values


def _dask_client(address: str):
    """A Dask client for *address*; a ValueError saying why there is none otherwise."""
    import re

    if not re.fullmatch(r"(?:tcp|tls|ws|wss|inproc|ucx)://[\w.\-\[\]:]+:\d{1,5}", address):
        raise ValueError(
            f"--scheduler {quoted(address)} is not a scheduler address like tcp://127.0.0.1:8786"
        )
    port = int(address.rsplit(":", 1)[1])
    if not 1 <= port <= 65535:  # (said at once, not after the connection's 10 s time-out)
        raise ValueError(f"--scheduler {quoted(address)}: port {port} is out of range (1 to 65535)")
    try:
        from dask.distributed import Client
    except ImportError:
        raise ValueError("--scheduler needs dask: pip install -e '.[dask]'") from None
    try:
        return Client(address, timeout=10)
    except (OSError, TimeoutError) as err:
        raise ValueError(f"cannot reach the scheduler at {address}: {err}") from None
