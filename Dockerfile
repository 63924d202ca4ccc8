# One image for every role of a deployment (docs/DEPLOYMENT.md): the API (default), `npm run worker`, `npm run migrate`.
# The build reaches only the npm registry and Debian's mirror; nothing downloads at run time.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# The desktop console's Electron binary is not part of a server image.
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1
# The manifests first, so a change of source alone reuses the installed dependencies' layer.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/desktop/package.json apps/desktop/
COPY apps/storefront/package.json apps/storefront/
COPY packages/api-client/package.json packages/api-client/
COPY packages/core/package.json packages/core/
COPY packages/ui/package.json packages/ui/
COPY packages/video/package.json packages/video/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
# ffmpeg prepares the sellers' videos (a system ffmpeg is found before the bundled one).
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm, so that SIGTERM reaches the server and it drains (DRAIN_DELAY_MS).
CMD ["node", "apps/api/src/server.ts"]
