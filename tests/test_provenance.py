"""Provenance tags: printed values cite a rule, others explain themselves, views show the tag."""

import pytest
from pydantic import ValidationError

from rulebook.provenance import Provenance, Sourced
from rulebook.render import provenance_badge


@pytest.mark.parametrize("kind", ["derived", "reconstructed", "assumed"])
def test_non_printed_values_need_a_note(kind):
    with pytest.raises(ValidationError, match=f"a {kind} value needs a note"):
        Sourced[int](value=1, provenance=kind)
    assert Sourced[int](value=1, provenance=kind, note="why").provenance == Provenance(kind)


def test_printed_values_need_a_rule():
    with pytest.raises(ValidationError, match="needs the rule that prints it"):
        Sourced[int](value=10, provenance="printed")


def test_rule_must_be_a_rule_id():
    with pytest.raises(ValidationError, match="is not a rule id"):
        Sourced[int](value=10, provenance="printed", rule="3.3")


def test_unknown_provenance_is_refused():
    with pytest.raises(ValidationError, match="'printed', 'derived', 'reconstructed' or 'assumed'"):
        Sourced[int](value=1, provenance="guessed", note="x")


@pytest.mark.parametrize("kind", list(Provenance))
def test_every_view_shows_the_tag(kind):
    value = Sourced[int](value=4, provenance=kind, note="n", rule="lza:8.2")
    assert kind.value in value.label()
    html = value._repr_html_()
    assert f'class="provenance {kind.value}"' in html
    assert f'data-provenance="{kind.value}"' in html
    assert f">{kind.value}<" in provenance_badge(kind)
