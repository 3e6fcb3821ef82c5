"""The evidence use cases: issue a command's receipt, and verify a game against seats' receipts.

A receipt (:mod:`skald.service.model.receipts`) is signed with the store's key, so every replica of one
store signs with the same key and a seat's receipts stay evidence after a restart. The keys a
game trusts are its store's and those of the servers it was imported from (kept in its secret,
from the file's header ``server_keys``: :func:`skald.service.app.lifecycle.receipt_keys`); an export
writes them all, so a file names every key that signed a receipt for its game.

:func:`check_receipts` runs after ``verify`` and can only add a failure: a receipt the records
contradict fails the game at the receipt's version (or the first version the contradiction
names); the earlier of that and ``verify``'s own first bad record is reported.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from skald.service.app.commands import Submitted
from skald.service.model.folding import Loaded, fold_into
from skald.service.model.receipts import Receipt, Signer, contradiction, served_hashes, unsigned
from skald.service.model.records import Record
from skald.service.model.registry import Registry
from skald.service.model.verify import Report
from skald.service.store.repository import Repository

__all__ = ["check_receipts", "issue"]


def issue(repo: Repository, signer: Signer, game_id: str, submitted: Submitted) -> Receipt:
    """The signed receipt of a command just acknowledged (or of the first result of a retried
    command id: the same batch, so the same receipt)."""
    batch = [r for r in submitted.records if r.command_id == submitted.records[0].command_id]
    before = submitted.before
    first = batch[0].version
    if before is None or before.version != first - 1:
        before = repo.load(game_id, upto=first - 1)
    return signer.sign(unsigned(game_id, batch, before.rules, before.state))


def check_receipts(
    report: Report,
    records: Sequence[Record],
    receipts: Sequence[Receipt],
    trusted: Iterable[str],
    games: Registry | None,
    game_ids: Iterable[str],
) -> Report:
    """``report`` (verify's, of ``records``) with every receipt of this game (one of
    ``game_ids``) checked: the first contradiction fails it, unless verify failed earlier."""
    ids = set(game_ids)
    mine = sorted((r for r in receipts if r.game_id in ids), key=lambda r: r.version)
    other = len(receipts) - len(mine)
    if other:
        report.notes.append(f"{other} receipt(s) of other games were left aside")
    if not receipts:
        report.notes.append("no receipts given: what a seat was served is not checked")
        return report
    if not mine:
        report.notes.append("no receipt names this game: what a seat was served is not checked")
        return report
    states = _States(records, games)
    keys = list(trusted)
    for receipt in mine:
        try:
            found = contradiction(receipt, records, keys, states.served)
        except _Unfoldable as error:
            found = (error.version, f"the records cannot be folded to v{error.version}")
        if found is not None:
            version, problem = found
            if report.ok or (report.first_bad is not None and version < report.first_bad):
                report.fail(version, f"receipt: {problem}")
            return report
        report.receipts += 1
    if states.other_rules is not None:
        report.notes.append(
            f"recorded under rules {states.other_rules}: the receipts' record hashes were "
            "checked, not the views and legal lists they name (this skald's may differ)"
        )
    seats = sorted({r.seat for r in mine})
    report.checked.append("receipts")
    report.notes.append(
        f"{report.receipts} receipt(s) of seat(s) {', '.join(map(str, seats))} agree with "
        "the records"
    )
    return report


class _Unfoldable(Exception):
    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


class _States:
    """The game folded forward once, stopping at each version a receipt asks about (receipts
    come in version order), so checking every receipt of a long game costs one fold."""

    def __init__(self, records: Sequence[Record], games: Registry | None) -> None:
        self.records = records
        self.games = games
        self.loaded: Loaded | None = None
        self.cache: dict[tuple[int, int], tuple[str, str]] = {}
        self.other_rules: str | None = None
        """The rules version the game was recorded under, when it is not this skald's."""

    def served(self, version: int, seat: int) -> tuple[str, str] | None:
        if (version, seat) in self.cache:
            return self.cache[(version, seat)]
        at = 0 if self.loaded is None else self.loaded.version
        if version < at or version < 1:
            raise _Unfoldable(version)
        try:
            gid = "file" if self.loaded is None else self.loaded.game_id
            self.loaded = fold_into(
                self.loaded, gid, self.records[at:version], self.games, trusted=False
            )
        except Exception:  # a forged record that does not apply: the fold names where
            raise _Unfoldable(version) from None
        loaded = self.loaded
        if loaded.created.rules_version != loaded.rules.rules_version:
            self.other_rules = loaded.created.rules_version
            return None
        hashes: tuple[str, str] = served_hashes(loaded.rules, loaded.state, seat)
        self.cache[(version, seat)] = hashes
        return hashes
