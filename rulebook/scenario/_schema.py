from __future__ import annotations

import json
from typing import Any

from rulebook.scenario._models import SCHEMA_VERSION, Scenario


def json_schema() -> dict[str, Any]:
    """The JSON Schema of scenario files, for editors that validate YAML as you type.

    >>> json_schema()["title"]
    'Scenario'
    """
    schema = Scenario.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$comment"] = f"Ia Drang Rulebook scenario file, schema_version {SCHEMA_VERSION}"
    return schema


def json_schema_text() -> str:
    """:func:`json_schema` as stable, indented JSON text."""
    return json.dumps(json_schema(), indent=2, sort_keys=True) + "\n"
