"""Words for people: move notation, commands typed as JSON, numbered legal moves, disputes.

Imports: skald.domain, skald.service.
"""
