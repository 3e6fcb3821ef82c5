"""Generated protobuf and gRPC modules (``python -m skald.service.contract.protogen``); not hand-edited.

Import them as ``skald.service.contract._generated.skald.v1.skald_pb2`` (and ``skald.<game>.v1``); the
generator rewrote protoc's ``skald.*`` import paths to this package.
"""
