# syntax=docker/dockerfile:1
# Either service as a container (Cloud Run or any container platform), built from the repo root:
#   docker build -f deploy/service.Dockerfile --build-arg SERVICE=article-api -t article-api .
#   docker build -f deploy/service.Dockerfile --build-arg SERVICE=release-service -t release-service .
# One file for both: they install, copy and start the same way, and differ only in the workspace.
# Stateless: give it DATABASE_URL (PostgreSQL) — SQLite inside a container would lose its file on
# every restart — and run as many instances as the load needs (docs/hosting.md). The release
# service's database is its own, apart from the articles' (RELEASE_PUBLIC_URL and
# RELEASE_SHELL_MANIFEST_* name the artifact store and each environment's shell: docs/releasing.md).
#
# scripts/test/serviceImage.dockerfile.test.ts reads this file: every workspace's manifest is
# copied below, and every workspace either service imports is in the final stage.
ARG SERVICE

# The service's production command, dist/server.js (service-kit/build.mjs: esbuild bundles the
# workspaces it imports, its npm packages stay require()s), built with the dev dependencies that
# the final stage never holds.
FROM node:22-bookworm-slim AS build
ARG SERVICE
WORKDIR /src
COPY . .
# --ignore-scripts: the build needs esbuild alone (its binary comes as an optional package, not an
# install script), and some packages' scripts fetch or compile binaries the build never loads.
RUN --mount=type=cache,target=/root/.npm npm install --ignore-scripts --no-audit --no-fund
RUN cd "$SERVICE" && node ../service-kit/build.mjs

FROM node:22-bookworm-slim AS install
ARG SERVICE
# A typo or a missing --build-arg stops the build here, not at the container's start.
RUN case "$SERVICE" in article-api|release-service) ;; \
      *) echo "--build-arg SERVICE=article-api or SERVICE=release-service (got '$SERVICE')" >&2; exit 1 ;; esac
WORKDIR /app
# Every workspace's manifest (npm resolves the lockfile against all of them), then only this
# service's production dependencies: better-sqlite3 ships prebuilt binaries, pg is plain JavaScript.
COPY package.json package-lock.json ./
COPY shared-deployables/package.json shared-deployables/
COPY shared-core/package.json shared-core/
COPY shared-context/package.json shared-context/
COPY shared-ui/package.json shared-ui/
COPY shared-auth/package.json shared-auth/
COPY shared-articles/package.json shared-articles/
COPY shared-data/package.json shared-data/
COPY shared-releases/package.json shared-releases/
COPY shell/package.json shell/
COPY public-site/package.json public-site/
COPY business-portal/package.json business-portal/
COPY admin-console/package.json admin-console/
COPY service-kit/package.json service-kit/
COPY article-api/package.json article-api/
COPY release-service/package.json release-service/
COPY web-server/package.json web-server/
COPY tooling/overrides/package.json tooling/overrides/
COPY tooling/webpack/package.json tooling/webpack/
COPY tooling/bench/package.json tooling/bench/
COPY tooling/release/package.json tooling/release/
COPY tooling/eslint/package.json tooling/eslint/
COPY tooling/stack/package.json tooling/stack/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace "$SERVICE" --no-audit --no-fund --ignore-scripts && npm rebuild better-sqlite3

FROM node:22-bookworm-slim
ARG SERVICE
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
COPY --from=install /app/node_modules node_modules
COPY --from=install /app/package.json ./
COPY tsconfig.base.json ./
# The libraries the two services import between them (a few hundred KB of source; the one a
# service does not use is never loaded), then the service itself.
COPY shared-deployables shared-deployables
COPY shared-core shared-core
COPY shared-articles shared-articles
COPY shared-releases shared-releases
COPY service-kit service-kit
COPY ${SERVICE} ${SERVICE}
COPY --from=build /src/${SERVICE}/dist ${SERVICE}/dist
USER node
WORKDIR /app/${SERVICE}
EXPOSE 8080
# The build, run by node itself (as `npm start` and the tests run it: local-stack/services.mjs), no
# TypeScript compiled at start; node is PID 1 and gets SIGTERM, on which the service finishes
# in-flight requests and closes its database pool. The sources beside it are for the maintenance
# scripts (`npm run db:migrate`, …), which still run through tsx.
CMD ["node", "dist/server.js"]
