"""Game records as people read them: the timeline of a game, where it is read from, text exports,
diffs.

Imports: skald.domain, skald.service, skald.cli.draw, skald.cli.words.
"""
