"""Set up one First Team fight from a few numbers: the reader's "what if" and the 4.1 example.

:class:`CombatSetup` says who fights with what; :meth:`CombatSetup.forces` builds the two
:class:`~rulebook.games.first_team.combat.Force` objects from the campaign's own counters, so
odds and resolutions use exactly the values a game would.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rulebook.dice import Dice
from rulebook.distribution import Distribution
from rulebook.games.first_team import campaign_crt, campaign_spec
from rulebook.games.first_team.combat import CombatResult, Force, resolve
from rulebook.games.first_team.forces import nva_company, us_company
from rulebook.games.first_team.odds import fight_odds

__all__ = ["CombatSetup", "example_4_1"]

US_IDS = ("A/1/8", "B/1/8", "C/1/8", "D/1/8")
NVA_ORDER = ("4/32", "5/32", "6/32", "7/32", "8/32", "9/32")


@dataclass(frozen=True)
class CombatSetup:
    """A fight in one location. ``nva_steps`` lists each NVA company's step (1 full, 4 broken)."""

    us_companies: int = 2
    us_broken: int = 0
    garrison: bool = False
    nva_steps: tuple[int, ...] = (4, 2, 1, 1)
    attacker: str = "us"
    ambush: bool = False
    nva_open_combat: bool = False
    aero_rockets: int = 0
    airstrikes: int = 0
    artillery: int = 0
    gunship: bool = False
    observation: bool = False
    us_supplied: bool = True
    us_hold: bool = False
    nva_hold: bool = False
    us_support_locations: int = 0
    nva_support_locations: int = 0
    options: dict = field(default_factory=dict)

    def forces(self) -> tuple[Force, Force]:
        """(attacker, defender), built from the campaign's counters."""
        spec = campaign_spec()  # read only: the counters below are built from it
        if not 0 < self.us_companies <= len(US_IDS) or not 0 < len(self.nva_steps) <= len(
            NVA_ORDER
        ):
            raise ValueError("a fight needs 1-4 US companies and 1-6 NVA companies")
        us_units = [
            us_company(spec, cid, broken=i < self.us_broken)
            for i, cid in enumerate(US_IDS[: self.us_companies])
        ]
        if self.garrison:
            us_units.append(us_company(spec, "Plei Me"))
        rocket = spec.us.aero_rockets["A/2/20"][0]
        tactical = spec.us.airstrikes["TAC-1"][0]
        us = Force(
            "us",
            us_units,
            location="G4" if self.garrison else "F3",
            support_strength=self.aero_rockets * rocket + self.airstrikes * tactical,
            artillery=self.artillery,
            observation=self.observation,
            gunship=self.gunship,
            helicopters=self.aero_rockets + int(self.gunship) + int(self.observation),
            hold=self.us_hold or self.garrison,  # a camp garrison counts as HOLD (ftv:4.1.5)
            supporting_locations=self.us_support_locations,
            supplied=self.us_supplied,
        )
        nva = Force(
            "nva",
            [
                nva_company(spec, cid, step=step)
                for cid, step in zip(NVA_ORDER, self.nva_steps, strict=False)
            ],
            location=us.location,
            hold=self.nva_hold,
            supporting_locations=self.nva_support_locations,
        )
        return (us, nva) if self.attacker == "us" else (nva, us)

    def odds(self) -> dict[str, Distribution]:
        """Each side's exact result distribution."""
        attacker, defender = self.forces()
        return fight_odds(
            campaign_crt(),
            attacker,
            defender,
            ambush=self.ambush,
            nva_open_combat=self.nva_open_combat,
        )

    def resolve(self, dice: Dice | None = None, *, seed: int = 1) -> CombatResult:
        """One resolution with seeded (or the given) dice, results applied to fresh counters."""
        attacker, defender = self.forces()
        return resolve(
            attacker,
            defender,
            campaign_crt(),
            dice or Dice(seed),
            ambush=self.ambush,
            nva_open_combat=self.nva_open_combat,
            options=self.options,
        )

    def but(self, **changes: object) -> CombatSetup:
        return replace(self, **changes)


def example_4_1() -> CombatSetup:
    """The ftv:4.1 fight: rolls 5 (US) and 6 (NVA) reproduce the text's 8* and 3.

    >>> from rulebook.dice import ScriptedDice
    >>> result = example_4_1().resolve(ScriptedDice([5, 6]))
    >>> result.columns, str(result.results["us"]), str(result.results["nva"])
    ({'us': 11, 'nva': 7}, '8*', '3')
    """
    return CombatSetup(
        us_companies=2,
        nva_steps=(4, 2, 1, 1),
        aero_rockets=2,
        artillery=2,
        gunship=True,
        observation=True,
        nva_support_locations=1,
    )
