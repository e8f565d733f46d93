# syntax=docker/dockerfile:1
# The site as a container image (docs/going-live.md). Two stages: the first
# installs, builds and prunes with scripts/release.sh (the same steps
# `npm run test:release` runs on a clean copy); the second is the slim runtime, run as the
# unprivileged `node` user, with the data (the SQLite file, written emails, the
# pictures' copies) on a volume at /data.
#
#   docker build -t base-hair .
#   docker run -p 3000:3000 -e SESSION_SECRET=… -e PUBLIC_URL=https://… -v base-data:/data base-hair

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN sh scripts/release.sh

FROM node:24-bookworm-slim AS runtime
# PostgreSQL's client programs, for `npm run backup` / `npm run restore` on PostgreSQL: the same major
# version as the server (docker-compose.yml runs PostgreSQL 15; change both together).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    CONTENT_DIR=/app/content
# What runs the site, owned by root and read-only to the server: only /data is written.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/server/serve.mjs ./server/serve.mjs
COPY --from=build /app/content ./content
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# The host's or the orchestrator's check: 200 while the database answers (GET /healthz, API contract).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
