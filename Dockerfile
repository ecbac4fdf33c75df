# krmfn KRM function image.
#   docker build -t krmfn:0.1.0 .
#   docker run --rm -i --network none --user nobody krmfn:0.1.0 < resourcelist.yaml
# Stage 1 builds the wheel; stage 2 installs it (and only it) on a slim Python.
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
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1
COPY --from=build /wheels /wheels
RUN pip install --no-index --find-links=/wheels krmfn && rm -rf /wheels
# No network and no writable root filesystem are needed at run time.
USER 65534:65534
WORKDIR /tmp
ENTRYPOINT ["krmfn"]
