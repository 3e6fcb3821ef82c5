"""Playing without a person: how legal commands are picked, and random games to the end through any
client.

Imports: skald.domain, skald.service.
"""
