"""The use cases (commands, queries, lifecycle, audit, disputes, evidence), authorization, and the
game service that gathers them.

Imports: skald.domain, skald.service.model, skald.service.store.
"""
