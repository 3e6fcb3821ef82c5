"""A Feast for Odin: printed components (``components()``) and the placement engine
(``skald.domain.feast.placement``). Rules notes: NOTES.md in this folder.

The game itself is ``skald.domain.feast.game`` (``RULES``), registered as playable in
``service/model/catalog.py``; ``skald rules feast`` and GetRules serve this printed data.

Imports: skald.domain.kernel.
"""

from skald.domain.feast.catalog import components

__all__ = ["components"]
