"""The rules as structured data: every case, searchable and cross-linked.

>>> from rulebook.reference import load_reference
>>> ref = load_reference()
>>> ref["lza:7.8"].title
'Line of Sight'
>>> [e.id for e in ref.search("flare")][:2]
['lza:11.2', 'lza:2.3']
>>> ref.interpretation("lza:6.1/overstack-fire").option
'overstack_fire'
"""

from rulebook.reference._models import Entry, GameReference, Interpretation, Reading
from rulebook.reference._reference import Reference, load_reference

__all__ = ["Entry", "GameReference", "Interpretation", "Reading", "Reference", "load_reference"]
