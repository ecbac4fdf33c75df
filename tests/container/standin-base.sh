#!/usr/bin/env bash
# A local stand-in for python:3.11-slim, for machines that reach Debian's packages but no image
# registry (a test fixture only: the Dockerfile itself names the real base).
#   standin-base.sh IMAGE-NAME CACHE-DIR [ARCH]
# ARCH (a Debian architecture, default the host's): another one, arm64 say, needs Debian's
# qemu-user-static registered in binfmt_misc, and takes about ten minutes under emulation.
# Debian bookworm (minbase) with python3 3.11, venv and pip, `python` and `pip` in /usr/local/bin
# as in the official image. The root filesystem is kept as a tarball in CACHE-DIR, so that a later
# run on the same machine only imports it (seconds) instead of bootstrapping it (about a minute).
set -euo pipefail
name=$1 cache=$2
arch=${3:-$(dpkg --print-architecture)}
tarball="$cache/python-3.11-slim-standin-bookworm-$arch.tar"

if [ ! -s "$tarball" ]; then
  mkdir -p "$cache"
  root=$(mktemp -d /tmp/krmfn-standin.XXXXXX)
  trap 'rm -rf "$root"' EXIT
  echo "standin: debootstrap bookworm ($arch) into $root"
  debootstrap --arch="$arch" --variant=minbase --include=python3,python3-venv,python3-pip,ca-certificates \
    bookworm "$root" http://deb.debian.org/debian > "$cache/debootstrap.log" 2>&1 \
    || { tail -20 "$cache/debootstrap.log"; exit 1; }
  ln -sf /usr/bin/python3 "$root/usr/local/bin/python"
  ln -sf /usr/bin/python3 "$root/usr/local/bin/python3"
  ln -sf /usr/bin/pip3 "$root/usr/local/bin/pip"
  # python:3.11-slim's pip installs into the system site; Debian's refuses (PEP 668) unless told.
  rm -f "$root"/usr/lib/python3.*/EXTERNALLY-MANAGED
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* \
         "$root"/usr/share/man/* "$root"/usr/share/locale/* "$root"/var/log/* "$root"/tmp/*
  tar -C "$root" --numeric-owner -cf "$tarball.part" .
  mv "$tarball.part" "$tarball"
fi
podman import --arch "$arch" \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV LANG=C.UTF-8' \
  --change 'CMD ["python3"]' \
  --message "krmfn CI stand-in for python:3.11-slim (debootstrap bookworm)" \
  "$tarball" "$name" > /dev/null
echo "standin: imported $name from $tarball"
