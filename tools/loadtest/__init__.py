"""``skald loadtest``: real servers on loopback, real clients (Python and native), hostile input,
one JSON summary.

Imports: skald.domain, skald.service, skald.cli.
"""
