"""The full-screen terminal: the replay browser and the play session.

Imports: skald.domain, skald.service, skald.cli.draw, skald.cli.words, skald.cli.records.
"""
