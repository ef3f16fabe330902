"""Shared pieces for the First Team tests: the shipped campaign, its CRT and the 4.1 example."""

from __future__ import annotations

import pytest

from rulebook.games.first_team import (
    Force,
    campaign_crt,
    campaign_map,
    campaign_scenario,
    nva_company,
    us_company,
)


@pytest.fixture
def spec():
    return campaign_scenario().first_team


@pytest.fixture
def crt():
    return campaign_crt()


@pytest.fixture
def point_map():
    return campaign_map()


@pytest.fixture
def example(spec):
    """The ftv:4.1 fight: two 4-5 US companies with supply, two 25-SP aero-rocket companies,
    two batteries, a gunship and an observation helicopter attack four NVA companies in F3:
    6/32 and 7/32 at 8-3, 5/32 reduced to 6-2 and 4/32 broken at 2-0; F4 supports the NVA."""
    us = Force(
        "us",
        [us_company(spec, "A/1/8"), us_company(spec, "B/1/8")],
        location="F3",
        support_strength=25 + 25,
        artillery=2,
        observation=True,
        gunship=True,
    )
    nva = Force(
        "nva",
        [
            nva_company(spec, "4/32", step=4),
            nva_company(spec, "5/32", step=2),
            nva_company(spec, "6/32"),
            nva_company(spec, "7/32"),
        ],
        location="F3",
        supporting_locations=1,
    )
    return us, nva
