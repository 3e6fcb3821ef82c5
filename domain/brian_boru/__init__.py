"""Brian Boru: High King of Ireland — the complete rules engine (3–5 players).

Rules notes, rulings and what is missing: NOTES.md in this package.

Imports: skald.domain.kernel.
"""

from skald.domain.brian_boru.rules import RULES, BrianBoruRules

__all__ = ["RULES", "BrianBoruRules"]
