"""The real KRM I/O layer with the engine replaced by a pass-through (for the bench only)."""
import sys

from krmfn.cli import krm as cli
from krmfn.model.outcome import passthrough

cli.run = lambda mode, values, options: passthrough(values)  # type: ignore[assignment]
sys.exit(cli.run_krm(sys.stdin.buffer.read(), sys.stdout, sys.stderr))
