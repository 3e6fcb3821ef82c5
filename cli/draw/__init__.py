"""Drawing views for people: rich text for the terminal, SVG for the pages, one module per game and
medium.

Imports: skald.domain, skald.service.
"""
