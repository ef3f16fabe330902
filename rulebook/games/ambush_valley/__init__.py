"""Ambush Valley (the Force on Force Vietnam book): its catalogues, tables and procedures.

The book is a supplement: the core Force on Force rules it builds on (firefights, reaction
tests, morale) are not in it. Procedures that need one take its parameters explicitly, and
the values used by default are tagged ``assumed`` in the data files.
"""
