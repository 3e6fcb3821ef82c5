"""Pure game rules: no I/O, no storage, no transport. See ``skald.domain.kernel`` for the contract.

Imports: nothing outside this folder.
"""
