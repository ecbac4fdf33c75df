"""``python -m krmfn.catalog [--check]``: write the stored build of every embedded release
(``krmfn.catalog.stored``), or fail when one is missing or stale."""
from __future__ import annotations

import argparse
import os
import sys

from krmfn.catalog import CATALOG_VERSIONS, definition
from krmfn.catalog import stored


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m krmfn.catalog", description=__doc__.splitlines()[0],
                                     allow_abbrev=False)
    parser.add_argument("--check", action="store_true", help="fail when a file is missing or stale")
    args = parser.parse_args(argv)
    stale = []
    for version in CATALOG_VERSIONS:
        text = stored.rendered(definition(version))
        try:
            with open(stored.path_of(version), encoding="utf-8") as handle:
                current: str | None = handle.read()
        except OSError:
            current = None
        if current == text:
            continue
        if args.check:
            stale.append(os.path.relpath(stored.path_of(version)))
            continue
        os.makedirs(stored.DATA, exist_ok=True)
        with open(stored.path_of(version), "w", encoding="utf-8") as handle:
            handle.write(text)
    if stale:
        sys.stderr.write(f"stale: {', '.join(stale)} (run python -m krmfn.catalog)\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
