# The bot, compiled, on Node.js 22: `docker compose up -d` (compose.yaml) builds and runs it with
# its Redis; `docker build -t tafl-bot .` builds it alone. Settings come from the environment
# (.env.example lists them); the image holds no .env.
ARG NODE_IMAGE=node:22-bookworm-slim

# The production dependencies. TypeScript and @types/node are among them (so that a production
# install can build), which is all the compiler needs: one `npm ci` serves both stages below.
FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# src/ and commands/ compiled to dist/ (as `npm run build` does); the English catalogue types the keys.
FROM dependencies AS build
COPY tsconfig.json tsconfig.build.json ./
COPY locales locales
COPY src src
COPY commands commands
RUN npx tsc --project tsconfig.build.json
COPY web web
COPY scripts/build-page.mjs scripts/build-page.mjs
RUN node scripts/build-page.mjs

# What runs: the dependencies, dist/, the catalogues and the shipped puzzles. Owned by root, run by node.
FROM dependencies AS runtime
LABEL org.opencontainers.image.title="tafl-bot" \
      org.opencontainers.image.description="A Discord bot for playing tafl: Alea Evangelii, Fetlar and Copenhagen Hnefatafl, Brandubh and Tablut" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.base.name="docker.io/library/node:22-bookworm-slim"
ENV NODE_ENV=production \
    METRICS_PORT=9464
COPY data data
COPY locales locales
COPY --from=build /app/dist dist
USER node
# GET /healthz on the metrics server (METRICS_PORT): 200 once logged in to Discord with the store
# answering. Logging in can take a while when Discord asks the bot to wait.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.METRICS_PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 (no npm, no shell): SIGTERM from `docker stop` reaches the bot, which
# finishes the interactions in flight and exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "dist/src/start.js"]
