# krmfn KRM function image.
#   docker build -t krmfn:0.1.0 .
#   docker run --rm -i --network none --user nobody --read-only krmfn:0.1.0 < resourcelist.yaml
# Stage 1 builds wheels for krmfn and its dependencies; stage 2 installs only those, from disk.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY krmfn ./krmfn
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
ARG VERSION=0.1.0
LABEL org.opencontainers.image.title="krmfn" \
      org.opencontainers.image.description="KRM function for KubeVirt instance types and preferences: inline, validate, generate" \
      org.opencontainers.image.source="https://github.com/krmfn/krmfn" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="Apache-2.0"
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
COPY --from=build /wheels /wheels
# Install from the copied wheels only (no index, no network), then drop the installer itself.
RUN pip install --no-cache-dir --no-index --find-links=/wheels krmfn \
 && rm -rf /wheels \
 && pip uninstall --yes pip setuptools wheel
# Runs as nobody, needs no network and writes nothing (works with --read-only).
USER 65534:65534
WORKDIR /tmp
ENTRYPOINT ["krmfn"]
