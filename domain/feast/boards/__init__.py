"""Printed boards: the home board, the 8 exploration faces (houses: ``domain.feast.buildings``,
banquet table: ``domain.feast.banquet``); ``registry.BOARD_SPECS`` gathers them all."""
