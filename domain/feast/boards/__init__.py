"""Printed boards: the home board, the 8 exploration faces (houses: ``skald.domain.feast.buildings``,
banquet table: ``skald.domain.feast.banquet``); ``registry.BOARD_SPECS`` gathers them all."""
