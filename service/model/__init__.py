"""The stored form of a game and what follows from it without I/O: records and their chain,
batches, principals, errors, the games catalog, folding, upcasting, receipts, verification.

Imports: skald.domain.
"""
