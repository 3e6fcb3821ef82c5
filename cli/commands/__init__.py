"""The commands of ``skald``, one module per group (the table in ``skald.cli.table`` names them).

Imports: skald.domain, skald.service, skald.cli.common, skald.cli.draw, skald.cli.words,
skald.cli.records, skald.cli.tui, skald.cli.html, skald.cli.autoplay.
"""
