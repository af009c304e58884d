# A Node server of the web apps as a container — by default the shell's server with server
# rendering (`node scripts/serve-one.mjs shell`), built from the repo root:
#   docker build -f deploy/web-server.Dockerfile -t shell-server .
# Generic: SERVER_SCRIPT names another entry and its arguments. It builds every web app (the server
# renders with the shell's and the remotes' server bundles). Once the server's runtime
# dependencies are settled, a slimmer final stage can copy only those.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

FROM node:20-bookworm-slim
ARG SERVER_SCRIPT="scripts/serve-one.mjs shell"
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 SERVER_SCRIPT="${SERVER_SCRIPT}"
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 8080
# sh -c only to split SERVER_SCRIPT into the entry and its arguments; exec hands PID 1 (and SIGTERM) to node.
CMD ["sh", "-c", "exec node $SERVER_SCRIPT"]
