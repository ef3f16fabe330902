"""Trace: steps citing rule cases, rendered as text, DataFrame and HTML."""

import pytest

from rulebook.dice import Roll, ScriptedDice
from rulebook.trace import Trace, TraceStep


def sample_trace() -> Trace:
    dice = ScriptedDice([6, 2, 6])
    trace = Trace()
    trace.step(
        "lza:7.3",
        "two platoons fire, one die less each into jungle",
        before={"dice": 5},
        after={"dice": 3},
    )
    dice.pool(3, label="lza:7.1")
    trace.step("lza:7.1", "each 6 is a hit", rolls=dice.rolls, after={"hits": 2})
    return trace


def test_step_requires_a_rule_id_and_an_explanation():
    with pytest.raises(ValueError, match="is not a rule id"):
        TraceStep.of("7.3", "no game prefix")
    with pytest.raises(ValueError, match="needs an explanation"):
        TraceStep.of("lza:7.3", "  ")


def test_text_rendering_numbers_steps_and_shows_dice_and_changes():
    assert sample_trace().to_text() == (
        "1. [lza:7.3] two platoons fire, one die less each into jungle (dice 5 → 3)\n"
        "2. [lza:7.1] each 6 is a hit dice: 6 2 6 (hits: 2)"
    )


def test_frame_has_one_row_per_step():
    frame = sample_trace().to_frame()
    assert list(frame.columns) == ["rule", "explanation", "dice", "before", "after"]
    assert list(frame["rule"]) == ["lza:7.3", "lza:7.1"]
    assert frame.loc[1, "dice"] == "6 2 6"
    assert frame.loc[0, "after"] == {"dice": 3}


def test_html_rendering_marks_each_step_with_its_rule():
    html = sample_trace()._repr_html_()
    assert html.count('class="trace-step"') == 2
    assert 'data-rule="lza:7.1"' in html
    assert "<td>6 2 6</td>" in html


def test_html_escapes_text():
    trace = Trace([TraceStep.of("lza:7.3", "<script>alert(1)</script>")])
    assert "<script>" not in trace._repr_html_()


def test_sequence_behaviour_and_queries():
    trace = sample_trace()
    assert len(trace) == 2
    assert trace[0].rule == "lza:7.3"
    assert isinstance(trace[1:], Trace)
    assert trace.rules() == ["lza:7.3", "lza:7.1"]
    assert trace.rolls() == [Roll(6, 6, "lza:7.1"), Roll(6, 2, "lza:7.1"), Roll(6, 6, "lza:7.1")]
    assert trace == sample_trace()


def test_steps_are_frozen_and_hashable():
    step = TraceStep.of("lza:6.1", "over-stacked", before={"dice": 4}, after={"dice": 3})
    assert hash(step) == hash(
        TraceStep.of("lza:6.1", "over-stacked", before={"dice": 4}, after={"dice": 3})
    )
    with pytest.raises(AttributeError):
        step.rule = "lza:6.2"  # type: ignore[misc]


def test_append_refuses_other_objects():
    with pytest.raises(TypeError, match="holds TraceStep objects, not str"):
        Trace().append("lza:7.3")  # type: ignore[arg-type]
