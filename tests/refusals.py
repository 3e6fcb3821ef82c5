"""The one meaning of ``refused`` in every game's kit (``tests/<game>/kit.py``), written once."""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any

import pytest

from skald.domain.kernel import IllegalMove, ServerChance, SkaldError
from skald.domain.kernel.table import RuleCodes


def refuser(rules: Any, codes: RuleCodes) -> Callable[..., str]:
    """``refused(state, seat, command, rule=None, *, error=IllegalMove)`` for one game:
    ``check`` and ``decide`` both raise ``error`` with the same rule code —
    ``codes.code(rule)`` when ``rule`` is given —, ``legal_commands`` does not list the
    command, and the state is left unchanged. Returns the rule code."""

    def refused(
        state: Any,
        seat: int,
        command: Any,
        rule: str | None = None,
        *,
        error: type[SkaldError] = IllegalMove,
    ) -> str:
        before = deepcopy(state)
        with pytest.raises(error) as checked:
            rules.check(state, seat, command)
        with pytest.raises(error) as decided:
            rules.decide(state, seat, command, ServerChance(b"refused", "kit"))
        code = checked.value.rule
        assert decided.value.rule == code
        if rule is not None:
            assert code == codes.code(rule)
        assert command not in set(rules.legal_commands(state, seat))
        assert state == before
        return code

    return refused
