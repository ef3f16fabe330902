"""Ambush Valley's catalogues: vehicles, boats, helicopters, aircraft, forces and platoon lists.

Each is validated on load (a typo in a data file is an error naming the entry and field) and
offered as a pandas DataFrame with one row per entry and its provenance.

>>> v = vehicles()
>>> [str(x) for x in v.loc["M113 APC", ["armor_front", "survivability", "crew", "passengers"]]]
['2D8', '4+/D8', '2', '9']
>>> int(platoons().loc["us-aero-rifle", "figures"])
47
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Literal

import pandas as pd
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rulebook._words import quoted
from rulebook.games.ambush_valley._data import book

__all__ = ["Platoon", "figures", "forces", "platoon", "platoons", "vehicle", "vehicles"]

_DICE = re.compile(r"^\d+D(?:6|8|10|12)$")
_SURV = re.compile(r"^(?:4\+/)?D(?:6|8|10|12)$")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Weapon(_Strict):
    name: str
    fp: str
    arcs: list[str] = []
    count: int | None = None
    alternative: str | None = None
    note: str | None = None
    blast_inches: int | None = None
    weapon_class: str | None = Field(default=None, alias="class")


class Armor(_Strict):
    armor_class: int = Field(alias="class")
    front: str | None = None
    side: str | None = None
    deck: str | None = None
    all: str | None = None


class Vehicle(_Strict):
    name: str
    kind: Literal["ground", "boat", "helicopter", "aircraft"]
    nation: str
    lines: list[int]
    weapons: list[Weapon]
    armor: Armor | None = None
    defense: str | None = None
    survivability: str
    crew: int | str | None
    passengers: int | None = None
    capacity_models: int | None = None
    litters: str | None = None
    move_inches: int | None = None
    characteristics: list[str] = []
    notes: list[str] = []
    provenance: Literal["printed", "derived"] = "printed"
    note: str | None = None


class Unit(_Strict):
    name: str
    count: int = 1
    figures: list[tuple[int, str, str]]
    vehicle: str | None = None
    note: str | None = None

    @property
    def size(self) -> int:
        return sum(n for n, _, _ in self.figures)


class Platoon(_Strict):
    id: str
    name: str
    force: str
    lines: list[int]
    tq: Literal[6, 8, 10, 12]
    morale: Literal[6, 8, 10, 12]
    units: list[Unit]
    options: list[str] = []
    provenance: Literal["printed", "derived"] = "printed"
    note: str | None = None

    @property
    def figures(self) -> int:
        return sum(u.size * u.count for u in self.units)


class Force(_Strict):
    name: str
    force_class: Literal["regular", "irregular", "irregular-led-by-regulars"] = Field(alias="class")
    tq: Literal[6, 8, 10, 12]
    morale: Literal[6, 8, 10, 12]
    supply: Literal["Poor", "Normal", "Well"]
    rule: str
    lines: list[int]
    special: list[str] = []
    variants: dict[str, tuple[int, int]] = {}
    booby_trap_cards: str | None = None
    conflict: str | None = None
    provenance: Literal["printed", "derived"] = "printed"
    note: str | None = None


def _checked(model: type[BaseModel], raw: dict[str, Any], where: str) -> Any:
    try:
        return model.model_validate(raw)
    except ValidationError as err:
        first = err.errors()[0]
        field = ".".join(str(p) for p in first["loc"])
        raise ValueError(f"{where}: {field}: {first['msg']}") from None


@cache
def _vehicles() -> dict[str, Vehicle]:
    data = book("vehicles")
    out: dict[str, Vehicle] = {}
    for section, kind in (
        ("ground", "ground"),
        ("boats", "boat"),
        ("helicopters", "helicopter"),
        ("aircraft", "aircraft"),
    ):
        for i, raw in enumerate(data[section]):
            where = f"vehicles.yaml {section}[{i}] {raw.get('name', '?')}"
            v = _checked(Vehicle, {**raw, "kind": kind}, where)
            for face in (v.armor.front, v.armor.side, v.armor.deck, v.armor.all) if v.armor else ():
                if face is not None and not _DICE.match(face):
                    raise ValueError(
                        f"vehicles.yaml {v.name}: armour {quoted(face)} is not dice like 2D8"
                    )
            if not _SURV.match(v.survivability):
                raise ValueError(f"vehicles.yaml {v.name}: survivability {quoted(v.survivability)}")
            if v.name in out:
                raise ValueError(f"vehicles.yaml: {v.name} appears twice")
            out[v.name] = v
    return out


def vehicle(name: str) -> Vehicle:
    try:
        return _vehicles()[name]
    except KeyError:
        raise KeyError(f"no vehicle {quoted(name)} in the catalogue") from None


def vehicles(kind: str | None = None) -> pd.DataFrame:
    """Every stat block (or one *kind*: ground, boat, helicopter, aircraft), indexed by name."""
    rows = []
    for v in _vehicles().values():
        if kind is not None and v.kind != kind:
            continue
        armor = v.armor
        rows.append(
            {
                "name": v.name,
                "kind": v.kind,
                "nation": v.nation,
                "weapons": "; ".join(f"{w.name} {w.fp}" for w in v.weapons),
                "armor_class": armor.armor_class if armor else None,
                "armor_front": (armor.front or armor.all) if armor else v.defense,
                "armor_side": (armor.side or armor.all) if armor else v.defense,
                "armor_deck": armor.deck if armor else None,
                "survivability": v.survivability,
                "crew": v.crew,
                "passengers": v.passengers or v.capacity_models,
                "move_inches": v.move_inches,
                "characteristics": ", ".join(v.characteristics),
                "notes": "; ".join(v.notes),
                "provenance": v.provenance,
                "lines": f"{v.lines[0]}-{v.lines[-1]}" if len(v.lines) > 1 else str(v.lines[0]),
            }
        )
    frame = pd.DataFrame(rows).set_index("name")
    return frame.astype({"armor_class": "Int64", "passengers": "Int64", "move_inches": "Int64"})


@cache
def _forces() -> dict[str, Force]:
    raw = book("army_lists")["forces"]
    return {k: _checked(Force, v, f"army_lists.yaml forces.{k}") for k, v in raw.items()}


@cache
def _platoons() -> dict[str, Platoon]:
    out = {}
    for i, raw in enumerate(book("army_lists")["platoons"]):
        p = _checked(Platoon, raw, f"army_lists.yaml platoons[{i}]")
        if p.force not in _forces():
            raise ValueError(f"army_lists.yaml platoons[{i}] {p.id}: no force {quoted(p.force)}")
        out[p.id] = p
    return out


def forces() -> pd.DataFrame:
    """Each force with its class, default ratings and supply, indexed by id."""
    return pd.DataFrame(
        [
            {
                "id": k,
                "name": f.name,
                "class": f.force_class,
                "tq": f"D{f.tq}",
                "morale": f"D{f.morale}",
                "supply": f.supply,
                "booby_trap_cards": f.booby_trap_cards,
                "conflict": f.conflict,
                "rule": f.rule,
            }
            for k, f in _forces().items()
        ]
    ).set_index("id")


def platoon(pid: str) -> Platoon:
    try:
        return _platoons()[pid]
    except KeyError:
        raise KeyError(
            f"no platoon list {quoted(pid)}; the lists are {', '.join(_platoons())}"
        ) from None


def platoons() -> pd.DataFrame:
    """Every platoon list: force, ratings, units and figure count, indexed by id."""
    return pd.DataFrame(
        [
            {
                "id": p.id,
                "name": p.name,
                "force": p.force,
                "tq": f"D{p.tq}",
                "morale": f"D{p.morale}",
                "units": sum(u.count for u in p.units),
                "figures": p.figures,
                "provenance": p.provenance,
            }
            for p in _platoons().values()
        ]
    ).set_index("id")


def figures(pid: str) -> pd.DataFrame:
    """One platoon list figure by figure: unit, copies of it, count, role, weapon."""
    p = platoon(pid)
    return pd.DataFrame(
        [
            {"unit": u.name, "copies": u.count, "count": n, "role": role, "weapon": weapon}
            for u in p.units
            for n, role, weapon in u.figures
        ]
    )
