"""Skald: an event-sourced game service with replay tooling, installed as this one package.

The repository keeps the design card's folders at its top (``domain/``, ``service/``, ``cli/``,
beside them ``tools/`` and ``benchmarks/``); this folder links to them, so a checkout imports
exactly what a wheel installs (``skald.domain``, ``skald.service``, …) and nothing generic such
as ``cli`` or ``service`` reaches site-packages. Layers, one way only (``tests/test_layers.py``):
domain ← service ← cli ← tools ← benchmarks.
"""
