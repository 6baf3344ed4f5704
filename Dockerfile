# dipgm as a container: docs/deploy.md. Configuration comes from the environment only (no
# .env is read: the working directory /app has none, and the bot cannot write one there);
# everything the bot keeps is in the volume /data (DIPGM_DATA_DIR).
#
#   docker build -t dipgm .
#   docker run -d --name dipgm -v dipgm-data:/data -e SLACK_BOT_TOKEN=... -e SLACK_APP_TOKEN=... dipgm
#
# BASE: any Debian-based image with Python 3.11 or newer and its venv module
# (python:3.12-slim-bookworm, or one made locally: docs/deploy.md says how it was checked).
ARG BASE=python:3.12-slim-bookworm

FROM ${BASE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml MANIFEST.in README.md LICENSE ./
COPY engine engine
COPY render render
COPY computer computer
COPY bot bot
COPY migrations migrations
# A virtual environment holds dipgm and its dependencies (tzdata among them: the slim
# images have no system time zones); only it is copied to the final image, without the
# tools that installed it.
RUN python3 -m venv /opt/dipgm \
    && /opt/dipgm/bin/pip install --no-compile . \
    && /opt/dipgm/bin/python -m pip uninstall --yes --quiet pip setuptools \
    && /opt/dipgm/bin/python -m compileall -q /opt/dipgm/lib

FROM ${BASE}
COPY --from=build /opt/dipgm /opt/dipgm
# A user of its own, no login, owning only the data folder.
RUN useradd --system --uid 10001 --user-group --home-dir /data --no-create-home \
        --shell /usr/sbin/nologin dipgm \
    && mkdir -p /data /app \
    && chown dipgm:dipgm /data
ENV PATH=/opt/dipgm/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    DIPGM_DATA_DIR=/data \
    SLACK_HOST=0.0.0.0
VOLUME ["/data"]
WORKDIR /app
USER dipgm
# Slack's HTTP mode only (SLACK_PORT); Socket Mode and Discord connect out.
EXPOSE 3000
# dipgm itself is PID 1 (the exec form, no shell between): it stops cleanly on SIGTERM.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["dipgm", "status", "--quiet"]
ENTRYPOINT ["dipgm"]
CMD ["run"]
