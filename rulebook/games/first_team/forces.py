"""Build the counters of a First Team campaign from its scenario (ftv:7.0)."""

from __future__ import annotations

from rulebook._words import quoted
from rulebook.games._reads import reads
from rulebook.games.first_team._pieces import NvaCompany, UsCompany
from rulebook.scenario._ftv_models import FirstTeamSpec

__all__ = ["nva_companies", "nva_company", "us_companies", "us_company"]


reads(
    "first-team",
    "first_team.us.company",
    "first_team.us.broken",
    "first_team.us.battalions",
    "first_team.us.special_companies",
    "first_team.us.garrisons",
    "first_team.nva.steps",
    "first_team.nva.regiments",
)


def nva_companies(spec: FirstTeamSpec) -> list[NvaCompany]:
    """The 21 companies at full strength, lowest regiment and company first."""
    ladder = tuple(tuple(step) for step in spec.nva.steps)
    return [
        NvaCompany(number, regiment, ladder)
        for regiment in sorted(spec.nva.regiments)
        for number in sorted(spec.nva.regiments[regiment])
    ]


def nva_company(spec: FirstTeamSpec, company_id: str, step: int = 1) -> NvaCompany:
    """One NVA company by id (``6/32``), at a given step."""
    number, regiment = (int(x) for x in company_id.split("/"))
    if number not in spec.nva.regiments.get(regiment, []):
        raise KeyError(f"no NVA company {quoted(company_id)} in this scenario")
    unit = NvaCompany(number, regiment, tuple(tuple(s) for s in spec.nva.steps))
    unit.step = step
    return unit


def us_companies(spec: FirstTeamSpec) -> list[UsCompany]:
    """Every US infantry company, then the two camp garrisons."""
    us = spec.us
    out = []
    for battalion, info in us.battalions.items():
        for letter in info.companies:
            company_id = letter if "/" in letter else f"{letter}/{battalion}"
            front = tuple(us.special_companies.get(company_id, us.company))
            back = us.broken
            out.append(
                UsCompany(company_id, front, back, battalion, info.brigade, info.support)  # type: ignore[arg-type]
            )
    for camp, values in us.garrisons.items():
        out.append(UsCompany(camp, tuple(values), None))  # type: ignore[arg-type]
    return out


def us_company(spec: FirstTeamSpec, company_id: str, *, broken: bool = False) -> UsCompany:
    """One US company or garrison by id (``A/1/8``, ``Plei Me``)."""
    for unit in us_companies(spec):
        if unit.id == company_id:
            unit.broken = broken
            return unit
    raise KeyError(f"no US company {quoted(company_id)} in this scenario")
