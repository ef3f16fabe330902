"""Hypothesis strategies shared by the round-trip tests."""

from __future__ import annotations

from hypothesis import strategies as st

from rulebook.provenance import Provenance
from rulebook.scenario import Game, Scenario

names = st.from_regex(r"[a-z][a-z0-9_]{0,12}", fullmatch=True)
slugs = st.from_regex(r"[a-z0-9]{1,6}(-[a-z0-9]{1,6}){0,2}", fullmatch=True)
lza_rules = st.builds(
    lambda a, b, letter: f"lza:{a}.{b}{letter}",
    st.integers(1, 11),
    st.integers(0, 9),
    st.sampled_from(["", "A", "D"]),
)
text = st.text(
    st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), min_size=1, max_size=40
)
# What a scenario's values table holds: numbers, text and null, in lists and tables; never
# true or false, which a values table refuses (YAML reads yes, no, on and off so).
plain_values = st.recursive(
    st.none() | st.integers(-1000, 1000) | text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(names, inner, max_size=4),
    max_leaves=8,
)


@st.composite
def sourced(draw: st.DrawFn, values: st.SearchStrategy = plain_values) -> dict:
    kind = draw(st.sampled_from(list(Provenance)))
    data = {"value": draw(values), "provenance": kind.value}
    if kind is Provenance.PRINTED:
        data["rule"] = draw(lza_rules)
    else:
        data["note"] = draw(text.filter(str.strip))
        if draw(st.booleans()):
            data["rule"] = draw(lza_rules)
    return data


@st.composite
def options(draw: st.DrawFn) -> dict:
    choices = draw(
        st.lists(
            st.sampled_from(["a", "b", "text", "example", 1, 2, True]),
            min_size=2,
            max_size=4,
            unique=True,
        )
    )
    return {
        "rule": draw(lza_rules),
        "description": draw(text),
        "choices": choices,
        "default": draw(st.sampled_from(choices)),
    }


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    data = {
        "schema_version": 1,
        "id": draw(slugs),
        "game": Game.LZ_ALBANY.value,
        "title": draw(text),
        "description": draw(st.just("") | text),
        "options": draw(st.dictionaries(names, options(), max_size=3)),
        "values": draw(st.dictionaries(names, sourced(), max_size=5)),
    }
    if draw(st.booleans()):
        data["turns"] = draw(sourced(st.integers(1, 20)))
    return Scenario.model_validate(data)
