"""The reference as JSON, CSV or Markdown, and one entry as text, for the command line."""

from __future__ import annotations

import csv
import io
import json

from rulebook._words import quoted
from rulebook.reference._links import implementations, named_in_tests
from rulebook.reference._models import Entry
from rulebook.reference._reference import Reference

FORMATS = ("json", "csv", "md")


def entry_record(ref: Reference, entry: Entry) -> dict:
    """Everything known of an entry, its code and tests included, as plain data."""
    record = entry.model_dump(mode="json", exclude_defaults=True)
    record["game"] = ref.game_of(entry.id).game
    record["parent"] = ref.parent(entry.id)
    record["cited_by"] = ref.cited_by(entry.id)
    record["implemented_by"] = list(implementations().get(entry.id, ()))
    record["tested_by"] = list(named_in_tests().get(entry.id, ()))
    return record


def export(ref: Reference, fmt: str) -> str:
    """Every entry in *fmt* (``json``, ``csv`` or ``md``)."""
    if fmt == "json":
        return json.dumps([entry_record(ref, e) for e in ref], indent=1, ensure_ascii=False)
    if fmt == "csv":
        out = io.StringIO()
        fields = ["id", "game", "title", "tags", "refs", "provenance", "interpretations", "summary"]
        writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        for e in ref:
            writer.writerow(
                {
                    "id": e.id,
                    "game": ref.game_of(e.id).game,
                    "title": e.title,
                    "tags": " ".join(e.tags),
                    "refs": " ".join(e.links),
                    "provenance": e.provenance.value,
                    "interpretations": len(e.interpretations),
                    "summary": e.summary,
                }
            )
        return out.getvalue()
    if fmt == "md":
        return _markdown(ref)
    raise ValueError(f"unknown export format {quoted(fmt)}; choose one of {', '.join(FORMATS)}")


def _markdown(ref: Reference) -> str:
    lines = []
    for game in ref.games.values():
        lines += [f"# {game.title}", ""]
        for e in game.entries:
            badge = "" if e.provenance == "printed" else f" *({e.provenance.value})*"
            lines += [f"## {e.id} {e.title}{badge}", "", e.summary, ""]
            if e.links:
                lines += [f"Refers to: {', '.join(e.links)}", ""]
            for interp in e.interpretations:
                lines.append(f"- **Interpretation {interp.id}**: {interp.question}")
                for reading in interp.readings:
                    mark = " (engine)" if reading.id == interp.engine_uses else ""
                    lines.append(f"  - {reading.id}{mark}: {reading.text}")
            if e.interpretations:
                lines.append("")
    return "\n".join(lines)


def entry_text(ref: Reference, entry: Entry) -> str:
    """An entry as a reader wants it in a terminal."""
    record = entry_record(ref, entry)
    out = [f"{entry.id}  {entry.title}"]
    if entry.provenance != "printed":
        out.append(f"  [{entry.provenance.value}] {entry.note}")
    out.append(f"  {entry.summary}")
    if entry.lines:
        out.append(f"  source lines {entry.lines[0]}-{entry.lines[1]}")
    if record["parent"]:
        out.append(f"  part of: {record['parent']}")
    for label, key in [("refers to", None), ("cited by", "cited_by")]:
        ids = entry.links if key is None else record[key]
        if ids:
            out.append(f"  {label}: {', '.join(ids)}")
    for interp in entry.interpretations:
        out.append(f"  interpretation {interp.id}: {interp.question}")
        for reading in interp.readings:
            mark = "*" if reading.id == interp.engine_uses else " "
            out.append(f"   {mark} {reading.id}: {reading.text}")
        if interp.option:
            out.append(f"    scenario option: {interp.option}")
    for label, key in [("implemented by", "implemented_by"), ("tested by", "tested_by")]:
        for where in record[key]:
            out.append(f"  {label}: {where}")
    return "\n".join(out)
