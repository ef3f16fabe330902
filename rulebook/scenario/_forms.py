"""The forms a scenario's names and ids take: each pattern the schema checks, and the same
pattern in words for an error message (rulebook.scenario._io), kept side by side."""

from __future__ import annotations

SLUG = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
NAME = r"^[a-z][a-z0-9_]*$"
AREA_ID = r"^[A-Za-z0-9][A-Za-z0-9_-]*$"
#: The longest an area id may be: it is printed on the map inside the area (LZ-Columbus is 11).
AREA_ID_MOST = 24
COLOUR = r"^#[0-9a-fA-F]{6}$"
COMPANY_ID = r"^[A-Za-z0-9/&.-]+$"
GROUP_ID = r"^[a-z0-9-]+$"
ROUTE = r"^[0-9]{1,3}[A-Z]{0,2}$"

FORM_WORDS = {
    SLUG: "lower-case letters and digits, joined by single hyphens (standard, lz-albany)",
    NAME: "a lower-case letter, then lower-case letters, digits and underscores (night_los)",
    AREA_ID: "letters, digits, hyphens and underscores, starting with a letter or digit "
    "(C4, LZ-Albany)",
    COLOUR: "a colour as # and six hex digits (#2f5d2a)",
    COMPANY_ID: "letters, digits and / & . - only (A/2-7)",
    GROUP_ID: "lower-case letters, digits and hyphens only (us-green-1)",
    ROUTE: "a route number of up to three digits, perhaps with a capital letter or two (19, 19W)",
}
