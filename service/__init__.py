"""Adapters around the pure domain: event store, game service, gRPC, replay files."""
