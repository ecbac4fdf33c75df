"""The floor a straightforward Python function would have: PyYAML C load and dump."""
import sys

import yaml

data = yaml.load(sys.stdin.buffer.read(), Loader=yaml.CSafeLoader)
yaml.dump(data, sys.stdout, Dumper=yaml.CSafeDumper, sort_keys=False)
