"""The `docker` that a kustomize build made by the CLI runs its container KRM functions with
(``krmfn.kio.kustomize.with_krmfn_functions``; docs/cli.md#kustomizations-that-run-krmfn).

kustomize (kyaml's container runtime) runs ``docker run --rm -i ... IMAGE`` with the ResourceList on
stdin. For krmfn's own image this runs the function here, in process, so that `krmfn validate DIR`
sees what `kustomize build --enable-alpha-plugins DIR` renders without the image:

* a ``Validate`` step passes the objects through: the run that builds is the validation, and it
  reports every finding itself;
* any other mode (an ``Inline`` transformer, a ``Generate`` generator...) runs as the function
  would, and its output goes on even where it found errors (the run that builds reports those);
  a function that cannot run at all (a bad functionConfig) fails the build with its message.

Another image is refused, as kubectl refuses plugins by default. (When the user's build options
enable container functions, the build runs with the user's docker and this is not used.)
"""
from __future__ import annotations

import io
import sys
from collections.abc import Sequence

from krmfn.cli.krm import run_krm
from krmfn.kio import config as cfg
from krmfn.kio import resourcelist as rlio
from krmfn.kio.kustomize import is_krmfn_image

# docker run's options that take a value as the next argument (kyaml gives -a, --network, --user,
# -e, --mount; the rest for other callers).
_VALUED = frozenset({"-a", "--attach", "--network", "--user", "-u", "-e", "--env", "--mount", "-v", "--volume",
                     "-w", "--workdir", "--name", "--entrypoint", "--platform", "--pull"})
VALIDATE_KIND = "Validate"
KUSTOMIZE_VALIDATOR = "kustomizeValidator"
EMPTY_LIST = b"apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n"
REFUSED = ("krmfn: the build runs only krmfn's own function; container image {image} is not run (enable "
           "container functions with --kustomize-build-options=--enable-alpha-plugins to run it)")


def image_of(argv: Sequence[str]) -> str | None:
    """The image of a ``docker run`` command line (None when it is not one)."""
    if not argv or argv[0] != "run":
        return None
    skip = False
    for arg in argv[1:]:
        if skip:
            skip = False
        elif arg in _VALUED:
            skip = True
        elif not arg.startswith("-"):
            return arg
    return None


def main(argv: Sequence[str], stdin: io.BufferedIOBase | None = None) -> int:
    image = image_of(argv)
    if image is None or not is_krmfn_image(image):
        sys.stderr.write(REFUSED.format(image=image or " ".join(argv)) + "\n")
        return 1
    data = (stdin or sys.stdin.buffer).read()
    validator = _validate_step(data)
    if validator is not None:
        sys.stdout.buffer.write(EMPTY_LIST if validator else data)
        return 0
    out, err = io.StringIO(), io.StringIO()
    code = run_krm(data, out, err)
    if code != 0 and not out.getvalue():
        sys.stderr.write(err.getvalue())
        return code
    sys.stdout.write(out.getvalue())
    return 0


def _validate_step(data: bytes) -> bool | None:
    """None unless the function is a ``Validate`` step; then whether it is kustomize's validator
    (``kustomizeValidator``, which answers with no items)."""
    try:
        config = rlio.read(data).function_config
        if not isinstance(config, dict) or config.get("kind") != VALIDATE_KIND:
            return None
        return bool(cfg.parse_function_config(config).options.get(KUSTOMIZE_VALIDATOR))
    except (rlio.FatalInput, cfg.ConfigError):
        return None


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
