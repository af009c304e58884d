# syntax=docker/dockerfile:1
# The shell's production web server (web-server/, docs/deployment.md), built from the repo root:
#   docker build -f deploy/web-server.Dockerfile -t ai-manabi-web-server .
#   docker run --rm -p 8080:8080 --stop-timeout 15 -e SITE_ORIGIN=https://… -e REMOTES='{…}' \
#     -e API_BASE_URL=https://… -e FIREBASE_WEB_CONFIG='{…}' -e HEALTH_TOKEN_KEYS=… ai-manabi-web-server
# It is configured by environment variables only, validated at start (web-server/src/config/config.ts):
# a missing or malformed one stops the container with a message naming it.
#
# scripts/test/webServerImage.test.ts reads this file (through scripts/test/support/webServerImage/):
# it stages the runtime folder with the same script the build stage runs, then starts the final
# stage's CMD with its ENV, and runs its HEALTHCHECK; webServerImage.dockerfile.test.ts checks the
# instructions no run shows. Changing those lines here changes what those tests run.

# Node 24: the active LTS line (Node 20, the repo's floor, reached its end of life in April 2026).
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY . .
# `npm install` (the command .ci/run and the README use), with dev dependencies: the builds need
# webpack and esbuild. The whole context is copied first, so a new workspace cannot be left out of
# the install (the npm cache mount makes the reinstall after a source change a local one).
# --ignore-scripts: no install script is needed to build the shell and the server, and some fetch
# or compile native binaries this image never loads (the API's SQLite, the Firebase CLI's re2),
# with a compiler slim images lack as their fallback; the root's postinstall (the web-server
# build) is run explicitly below. A trial of these steps is described in docs/deployment.md.
RUN --mount=type=cache,target=/root/.npm npm install --ignore-scripts --no-audit --no-fund
# web-server/dist (esbuild), then the shell's browser and server builds (webpack). scripts/build.mjs
# builds web-server too today; both are named so that the image does not rest on that.
RUN node web-server/build.mjs && node scripts/build.mjs shell
# /runtime: web-server/package.json + web-server/dist + shell/dist + the packages they load at
# run time (web-server's dependencies and jsdom, which the shell's server build requires), copied
# from the tree just installed, so the lockfile's versions. The script says why and how.
RUN node deploy/stage-web-server.mjs /runtime

# Only the staged folder: no sources, no dev dependencies, no npm cache. The public pages are
# rendered with public-site's server build, fetched over HTTP from its manifest in REMOTES, so no
# remote's build is needed here.
FROM node:24-bookworm-slim
# DRAIN_TIMEOUT_MS below `docker stop`'s default 10 s grace, so a drain that runs out still closes
# its connections and exits 0 before the engine's SIGKILL (raise both together).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DRAIN_TIMEOUT_MS=8000
WORKDIR /app
# Owned by root and only readable by the server's user: the server writes nothing to disk (the
# live releases come from the release registry service over HTTP), so a compromised process
# cannot rewrite its own code.
COPY --from=build /runtime /app
USER node
EXPOSE 8080
# Slim images have no curl: node itself asks /healthz (503 while draining). PORT is read from the
# container's environment, so a deployment that moves the port keeps a working check.
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# Exec form: node is PID 1 and receives SIGTERM itself. No init process is needed: main.ts handles
# SIGTERM and SIGINT (drain, then exit; PID 1 gets no default signal actions, so the handlers
# matter), and the server starts no child processes to reap (render threads are worker threads).
CMD ["node", "web-server/dist/main.js"]
