"""The ``skald`` command line over the service: the entry point (``main``), the command table
(``table``) and what every command shares (``common``), with folders by role: ``commands`` over
``tui`` and ``html``, over ``records``, over ``draw`` and ``words``; ``autoplay`` beside them.

Imports: skald.domain, skald.service.
"""
