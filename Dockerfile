# The HI-VQE Console: API, web console and job worker in one image.
#   API + web (default):   docker run -p 8080:8080 -v hivqe-data:/data <image>
#   worker (PostgreSQL):   docker run -e DATABASE_URL=… -e SECRETS_KEY=… <image> node --import tsx apps/server/src/worker/main.ts
# BASE is any Debian-based image with Node 20.19+ and npm; scripts/images.sh passes a locally built one.
ARG BASE=node:20-slim

# Only the package manifests, so the dependency layers below are rebuilt when a manifest changes, not a source.
FROM ${BASE} AS manifests
WORKDIR /src
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete && find . -type d -empty -delete

# The web console is built here; its toolchain stays in this stage. The console imports the contract and the
# engine's input checks, which its manifest does not list, so both workspaces are installed (linked) with it.
FROM ${BASE} AS web
ARG npm_config_cafile
WORKDIR /src
COPY --from=manifests /src ./
RUN npm ci --workspace apps/web --workspace packages/contract --workspace packages/engine --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY packages/engine packages/engine
COPY apps/web apps/web
RUN npm run build --workspace apps/web

# The server's production dependencies only (tsx comes with the engine: the server runs its TypeScript through it).
FROM ${BASE} AS server-deps
ARG npm_config_cafile
WORKDIR /app
COPY --from=manifests /src ./
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund && npm cache clean --force

FROM ${BASE}
RUN useradd --system --uid 10001 --user-group --home-dir /app --shell /usr/sbin/nologin hivqe \
 && mkdir -p /data && chown hivqe:hivqe /data
WORKDIR /app
COPY --from=server-deps /app ./
COPY tsconfig.base.json ./
COPY packages/contract/src packages/contract/src
COPY packages/engine/src packages/engine/src
COPY packages/engine/bin packages/engine/bin
COPY apps/server/src apps/server/src
COPY --from=web /src/apps/web/dist apps/web/dist
# The server listens on every interface of its container; HOST=127.0.0.1 keeps it to the container itself.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
USER hivqe
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/v1/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
