"""Generated protobuf and gRPC modules (``python -m service.protogen``); not hand-edited.

Import them as ``service._generated.skald.v1.skald_pb2`` (and ``skald.<game>.v1``); the
generator rewrote protoc's ``skald.*`` import paths to this package.
"""
