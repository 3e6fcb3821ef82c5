"""The gRPC server: the edge where bytes become requests and errors become status codes, admission,
streams, TLS, serving threads and worker processes.

Imports: skald.domain, skald.service.model, skald.service.store, skald.service.app,
skald.service.contract.
"""
