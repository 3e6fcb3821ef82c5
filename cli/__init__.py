"""The ``skald`` command line: one module per command group, over ``service.client`` only."""
