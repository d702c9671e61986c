# Hupai image: docker build -t hupai . && docker run --rm -p 8000:8000 --cpus 2 hupai
# Two stages: the build stage installs the package with the pinned versions into a venv;
# the runtime stage copies only that venv (no compiler, pip cache or sources). Runs as a
# numeric non-root user, so `runAsNonRoot` can verify it without reading /etc/passwd.

FROM python:3.11-slim AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1
RUN python -m venv /opt/hupai
WORKDIR /src
COPY pyproject.toml constraints.txt README.md ./
COPY engine/ engine/
COPY service/ service/
# pip compiles the .pyc files here: the runtime root filesystem is read-only.
RUN /opt/hupai/bin/pip install --no-cache-dir -c constraints.txt .

FROM python:3.11-slim AS runtime
LABEL org.opencontainers.image.title="hupai" \
      org.opencontainers.image.description="Chinese regional mahjong rules over HTTP"
# WEB_CONCURRENCY: one worker per CPU core the container is given (not the host's cores).
ENV PATH=/opt/hupai/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    HUPAI_BIND=0.0.0.0:8000 \
    WEB_CONCURRENCY=2
COPY --from=build /opt/hupai /opt/hupai
WORKDIR /opt/hupai
USER 10001:10001
EXPOSE 8000
# No curl in a slim image: the interpreter checks readiness on the port HUPAI_BIND names.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request as u; port = os.environ.get('HUPAI_BIND', ':8000').split(',')[0].rsplit(':', 1)[1]; u.urlopen(f'http://127.0.0.1:{port}/readyz', timeout=2)"]
# Exec form: `hupai serve` execs gunicorn, which is then PID 1 and receives SIGTERM itself.
CMD ["hupai", "serve"]
