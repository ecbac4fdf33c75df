# krmfn KRM function image (README, "The container image").
#   podman build -t ghcr.io/krmfn/krmfn:v0.1.0 .         (or docker build)
#   podman run --rm -i --network none --user nobody --read-only ghcr.io/krmfn/krmfn:v0.1.0 < resourcelist.yaml
# Stage 1 installs krmfn and its dependencies into a virtual environment, then removes the
# installer from it; stage 2 copies that environment whole. No wheel, pip cache or pip is in any
# layer of the image: the one layer on top of the base is the environment itself.
FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/krmfn
# The dependencies first, from pyproject.toml alone: a change to krmfn's code reuses this layer.
COPY pyproject.toml /src/
RUN python -c 'import tomllib; print("\n".join(tomllib.load(open("/src/pyproject.toml", "rb"))["project"]["dependencies"]))' > /src/requirements.txt \
 && /opt/krmfn/bin/pip install --requirement /src/requirements.txt
COPY README.md /src/
COPY krmfn /src/krmfn
# pip compiles the modules to bytecode here, and krmfn.cli.modulecache puts that code in one file; the
# image runs with a read-only root, where neither could be written.
RUN /opt/krmfn/bin/pip install --no-deps /src \
 && /opt/krmfn/bin/python -m krmfn.cli.modulecache \
 && /opt/krmfn/bin/pip uninstall --yes pip setuptools

FROM python:3.11-slim
ENV PATH=/opt/krmfn/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
COPY --from=build /opt/krmfn /opt/krmfn
# Runs as nobody, needs no network and writes nothing (works with --read-only).
USER 65534:65534
WORKDIR /tmp
ENTRYPOINT ["krmfn"]
# Last, so that a new revision reuses every layer above.
ARG VERSION=0.1.0
ARG REVISION=unknown
LABEL org.opencontainers.image.title="krmfn" \
      org.opencontainers.image.description="KRM function for KubeVirt instance types and preferences: inline, validate, generate" \
      org.opencontainers.image.source="https://github.com/krmfn/krmfn" \
      org.opencontainers.image.url="https://github.com/krmfn/krmfn" \
      org.opencontainers.image.documentation="https://github.com/krmfn/krmfn#readme" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.base.name="docker.io/library/python:3.11-slim"
