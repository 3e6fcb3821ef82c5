"""Generated protobuf and gRPC modules (``python -m service.protogen``); not hand-edited.

protoc writes absolute imports (``from skald.v1 import ...``), so this folder is put on the
import path once, here.
"""

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
