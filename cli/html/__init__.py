"""The HTML viewer: a game as one self-contained page, two side by side, or live.

Imports: skald.domain, skald.service, skald.cli.draw, skald.cli.words, skald.cli.records.
"""
