"""Pure game rules: no I/O, no storage, no transport. See ``domain.kernel`` for the contract."""
