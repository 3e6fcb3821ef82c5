"""Adapters around the pure domain, in folders by role, each importing only those before it:
model ← store ← app ← contract ← grpc. Beside them, the composition root (``bootstrap``) and the
one client interface the command line uses (``client``: local or over gRPC).

Imports: skald.domain.
"""
