"""A Feast for Odin: printed components (``components()``) and the placement engine
(``domain.feast.placement``). Rules notes: NOTES.md in this folder.

Registered as *components only*: ``skald rules feast`` and GetRules serve the printed data; the
game itself is not playable until its full rules land (see NOTES.md)."""

from domain.feast.catalog import components
from domain.kernel import registry

registry.register_components("feast", "A Feast for Odin", components)

__all__ = ["components"]
