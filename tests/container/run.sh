#!/usr/bin/env bash
# The container image as a tested artifact (issue 16; README, "The container image").
# Builds the function image (Dockerfile) and the test image (Containerfile.test) with podman, then
# runs tests/container/test_image.py against them: every example under the real `kubectl
# kustomize --enable-alpha-plugins` and kpt, the image locked down, bad input, --version, the tags
# and labels, and the test image's own suite.
#
# As root on Debian it first installs what it needs (podman and runc; debootstrap when the base
# must be made), once, and writes /etc/containers/containers.conf. Where python:3.11-slim cannot be
# pulled (no image registry reachable), it builds a stand-in for it (standin-base.sh, a test
# fixture: the Dockerfile still names the real base), kept in $KRMFN_CI_CACHE for the next run.
#
#   tests/container/run.sh [--clean]     --clean: remove the krmfn images first (a cold build)
#   tests/container/run.sh --prepare     only install podman and make the base image (CI starts this
#                                        in the background while the host's tests run: it mostly waits
#                                        on the network)
# Environment: KRMFN_CI_CACHE (/var/cache/krmfn-ci), KRMFN_PYTHON (.venv/bin/python, made if absent).
# It builds for the host's architecture only (README, "Releasing": arm64 under emulation).
set -euo pipefail
cd "$(dirname "$0")/../.."

REPOSITORY=ghcr.io/krmfn/krmfn
BASE=docker.io/library/python:3.11-slim
CACHE=${KRMFN_CI_CACHE:-/var/cache/krmfn-ci}
PYTHON=${KRMFN_PYTHON:-.venv/bin/python}
VERSION=$(sed -n 's/^version = "\(.*\)"$/\1/p' pyproject.toml)
MINOR=${VERSION%.*} MAJOR=${VERSION%%.*}
IMAGE=$REPOSITORY:v$VERSION
TEST_IMAGE=$REPOSITORY-test:v$VERSION
started=$SECONDS
step() { echo "== container: $* (at $((SECONDS - started)) s)"; }

if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
  missing=()
  for tool in podman runc; do command -v "$tool" > /dev/null || missing+=("$tool"); done
  if [ ${#missing[@]} -gt 0 ]; then
    step "installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends podman runc > /dev/null
  fi
  # runc, cgroupfs and a file event log work in a sandbox without systemd; the ulimits podman
  # would set by default are above what a process here may raise them to (no CAP_SYS_RESOURCE),
  # so the containers get the host's own (nproc at most pid_max, the most runc could set here).
  nproc=$(ulimit -Hu); pid_max=$(cat /proc/sys/kernel/pid_max)
  if [ "$nproc" = unlimited ] || [ "$nproc" -gt "$pid_max" ]; then nproc=$pid_max; fi
  nofile=$(ulimit -Hn); [ "$nofile" = unlimited ] && nofile=1048576
  conf="[containers]
default_ulimits = [\"nofile=$nofile:$nofile\", \"nproc=$nproc:$nproc\"]
[engine]
cgroup_manager = \"cgroupfs\"
events_logger = \"file\"
runtime = \"runc\""
  if [ "$(cat /etc/containers/containers.conf 2> /dev/null)" != "$conf" ]; then
    mkdir -p /etc/containers && printf '%s\n' "$conf" > /etc/containers/containers.conf
  fi
fi
command -v podman > /dev/null || { echo "podman is not installed (run this as root on Debian, or install it)" >&2; exit 1; }

if [ "${1:-}" = --clean ]; then
  step "removing the krmfn images and the build cache"
  podman images --format '{{.Repository}}:{{.Tag}}' | { grep "^$REPOSITORY" || true; } | xargs -r podman rmi -f > /dev/null
  podman image prune -f > /dev/null
fi

if ! podman image exists "$BASE"; then
  step "base image $BASE"
  if ! timeout 120 podman pull -q "$BASE" > /dev/null 2>&1; then
    echo "cannot pull $BASE: building a local stand-in"
    if ! command -v debootstrap > /dev/null && [ "$(id -u)" = 0 ]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap > /dev/null
    fi
    tests/container/standin-base.sh "$BASE" "$CACHE"
  fi
fi

if [ "${1:-}" = --prepare ]; then
  step "prepared (podman and $BASE)"
  exit 0
fi

# pip in the build reaches PyPI through whatever TLS the host trusts: the host's CA bundle and a
# pip.conf naming it are mounted into each RUN step (mounts, not layers: nothing stays in the image).
build_options=(--build-arg "VERSION=$VERSION" --build-arg "REVISION=$(git rev-parse HEAD 2> /dev/null || echo unknown)")
bundle=/etc/ssl/certs/ca-certificates.crt
if [ -s "$bundle" ]; then
  pipconf=$(mktemp /tmp/krmfn-pip.XXXXXX.conf)
  trap 'rm -f "$pipconf"' EXIT
  printf '[global]\ncert = /etc/ssl/certs/host-ca-bundle.crt\n' > "$pipconf"
  chmod 644 "$pipconf"
  build_options+=(-v "$bundle:/etc/ssl/certs/host-ca-bundle.crt:ro" -v "$pipconf:/etc/pip.conf:ro")
fi

step "building $IMAGE (+ v$MINOR, v$MAJOR)"
podman build -q "${build_options[@]}" -t "$IMAGE" -t "$REPOSITORY:v$MINOR" -t "$REPOSITORY:v$MAJOR" -f Dockerfile . > /dev/null
step "building $TEST_IMAGE"
podman build -q "${build_options[@]}" -t "$TEST_IMAGE" -f Containerfile.test . > /dev/null

size() { podman image inspect --format '{{.Size}}' "$1"; }
total=$(size "$IMAGE") base=$(size "$BASE")
awk -v t="$total" -v b="$base" -v s="$(podman image inspect --format '{{.Comment}}' "$BASE" | grep -q stand-in && echo ' (the local stand-in)')" \
  'BEGIN { printf "image size: %.1f MB = base %.1f MB%s + krmfn %.1f MB\n", t / 1e6, b / 1e6, s, (t - b) / 1e6 }'

if [ ! -x "$PYTHON" ]; then
  step "creating .venv"
  python3 -m venv .venv && .venv/bin/pip install --quiet --disable-pip-version-check -e '.[test]'
  PYTHON=.venv/bin/python
fi
step "tests/container"
KRMFN_IMAGE=$IMAGE KRMFN_TEST_IMAGE=$TEST_IMAGE "$PYTHON" -m pytest -p no:cacheprovider -q tests/container
step "done"
