"""Tools above the command line: the load, crash and integrity harness and the golden game
recorder.

Imports: skald.domain, skald.service, skald.cli.
"""
