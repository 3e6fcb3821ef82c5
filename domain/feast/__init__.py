"""A Feast for Odin: printed components (``components()``) and the placement engine
(``domain.feast.placement``). Rules notes: NOTES.md in this folder.

Served as *components only* (``service/bootstrap.py``): ``skald rules feast`` and GetRules serve the printed data; the
game itself is not playable until its full rules land (see NOTES.md)."""

from domain.feast.catalog import components

__all__ = ["components"]
