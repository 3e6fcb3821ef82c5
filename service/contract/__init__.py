"""The wire contract: protos generated from the domain's dataclasses, their lock, wire goldens, and
the mapping between dataclasses and messages.

Imports: skald.domain, skald.service.model, skald.service.app.
"""
