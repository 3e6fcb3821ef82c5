"""Storage: the event store (SQLite or PostgreSQL), its checks, the games index, the repository,
change notices, replay files.

Imports: skald.domain, skald.service.model.
"""
