# A Node server of the web apps (the shell's server-side rendering server) as a container, built
# from the repo root:
#   docker build -f deploy/web-server.Dockerfile --build-arg SERVER_SCRIPT=scripts/<server>.mjs -t shell-server .
# Generic on purpose: the shell's server is being written beside this file. It builds every web app
# (the server renders with the shell's and the remotes' server bundles) and starts SERVER_SCRIPT.
# Once that server's runtime dependencies are known, a slimmer final stage can copy only those.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

FROM node:20-bookworm-slim
ARG SERVER_SCRIPT
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 SERVER_SCRIPT=${SERVER_SCRIPT}
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 8080
# sh -c only to read SERVER_SCRIPT; exec hands PID 1 (and SIGTERM) to node.
CMD ["sh", "-c", "exec node \"$SERVER_SCRIPT\""]
