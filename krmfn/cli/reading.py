"""How every CLI mode that takes paths reads a repository: the `--kustomize auto|off` flag (auto by
default) and the `kustomizeBuildOptions` option (docs/cli.md#kustomizations)."""
from __future__ import annotations

import argparse
from collections.abc import Mapping

from krmfn.kio import config as cfg
from krmfn.kio import kustomize_roots as roots

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

KUSTOMIZE_CHOICES = ("auto", "off")
KUSTOMIZE_DEFAULT = "auto"
KUSTOMIZE_HELP = ("auto (default): what each directory with a kustomization renders (kubectl kustomize), as a "
                  "bundle of its own, its files and Components' then not read one by one; off: read every file "
                  "one by one (kustomization files and patches are never objects)")
BUILD_OPTIONS = "kustomizeBuildOptions"


def add_kustomize_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--kustomize", choices=KUSTOMIZE_CHOICES, default=KUSTOMIZE_DEFAULT, help=KUSTOMIZE_HELP)


def kustomize(ns: argparse.Namespace) -> bool:
    """Build kustomization directories (`--kustomize auto`)."""
    return getattr(ns, "kustomize", KUSTOMIZE_DEFAULT) == "auto"


def build_options(options: Mapping[str, Any]) -> list[str]:
    """``kustomizeBuildOptions`` as arguments; a ConfigError when they cannot be used."""
    try:
        return roots.build_options(options.get(BUILD_OPTIONS))
    except roots.BuildOptionsError as err:
        raise cfg.ConfigError(f"{BUILD_OPTIONS}: {err}", BUILD_OPTIONS) from None
