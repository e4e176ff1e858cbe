# The CRM in one image: build the workspace, keep only what the API needs at run time.
# Used by docker-compose.yml; `docker build -t crm-ventas .` works on its own too.

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV TURBO_TELEMETRY_DISABLED=1 CI=1
RUN npm i -g pnpm@10.34.8

# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml turbo.json tsconfig.base.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/db/package.json packages/db/
COPY packages/pglite-mover/package.json packages/pglite-mover/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN pnpm install --frozen-lockfile

COPY . .
RUN pnpm build

# Prune: reinstall from the local store with only the API's production dependencies. The root's
# optional Node runtime (node-linux-*, README 'The Node runtime') is for machines whose own Node is
# older; this image runs on its node:24, so its 130 MB go.
RUN rm -rf node_modules packages/*/node_modules apps/*/node_modules \
 && pnpm install --frozen-lockfile --prod --offline --filter @crm/api... \
 && rm -rf node_modules/node-linux-* node_modules/.pnpm/node-linux-* node_modules/.bin/node

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app

COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/packages/domain/dist packages/domain/dist
COPY --from=build /app/packages/domain/node_modules packages/domain/node_modules
COPY --from=build /app/packages/db/package.json packages/db/
COPY --from=build /app/packages/db/dist packages/db/dist
COPY --from=build /app/packages/db/node_modules packages/db/node_modules
COPY --from=build /app/packages/pglite-mover/package.json packages/pglite-mover/
COPY --from=build /app/packages/pglite-mover/dist packages/pglite-mover/dist
COPY --from=build /app/packages/pglite-mover/node_modules packages/pglite-mover/node_modules
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/node_modules apps/api/node_modules
# The API serves the built web app from apps/web/dist on the same port.
COPY --from=build /app/apps/web/dist apps/web/dist

# Runs as the image's unprivileged `node` user; /data holds anything kept on disk.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000

HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# node itself is PID 1 and handles SIGTERM: stop accepting, finish requests, close the database.
# The heap cap keeps garbage collected early (README, Configuration).
CMD ["node", "--max-old-space-size=512", "apps/api/dist/main.js"]
