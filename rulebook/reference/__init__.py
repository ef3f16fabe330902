"""The rules as structured data: every case, searchable and cross-linked.

>>> from rulebook.reference import load_reference
>>> ref = load_reference()
>>> ref["lza:7.8"].title
'Line of Sight'
>>> [e.id for e in ref.search("flare", game="lza")][:2]
['lza:11.2', 'lza:3.2A']
>>> [e.id for e in ref.search("kit carson")][:1]
['av:kit-carson-scout']
>>> print(ref.check()[0])
av:campaign -> av:building-the-insurgency [renamed] printed “Developing the Insurgency”: the section is titled “Building the Insurgency”

>>> ref.interpretation("lza:6.1/overstack-fire").option
'overstack_fire'
"""

from rulebook.reference._links import implementations, named_in_tests
from rulebook.reference._models import Citation, Entry, GameReference, Interpretation, Reading
from rulebook.reference._reference import Finding, Reference, load_reference
from rulebook.reference._search import Hit, Term, searchable, vocabulary

__all__ = [
    "Citation",
    "Entry",
    "Finding",
    "GameReference",
    "Hit",
    "Interpretation",
    "Reading",
    "Reference",
    "Term",
    "implementations",
    "load_reference",
    "named_in_tests",
    "searchable",
    "vocabulary",
]
