"""A Feast for Odin: printed components (``components()``) and the placement engine
(``domain.feast.placement``). Rules notes: NOTES.md in this folder.

The game itself is ``domain.feast.game`` (``RULES``), registered as playable in
``service/catalog.py``; ``skald rules feast`` and GetRules serve this printed data."""

from domain.feast.catalog import components

__all__ = ["components"]
