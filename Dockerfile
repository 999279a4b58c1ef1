# syntax=docker/dockerfile:1
# One image runs the web process (default) or a worker:
#   docker run -e DATABASE_URL=... -e SESSION_SECRET=... -e ENCRYPTION_KEY=... reachout
#   docker run -e DATABASE_URL=... reachout npm run worker
FROM node:lts-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /app

FROM base AS deps
COPY package.json package-lock.json ./
COPY scripts/postinstall.js scripts/prisma-generate.js scripts/
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci --include=dev --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM base AS runtime
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/app ./app
COPY --from=build /app/jobs ./jobs
COPY --from=build /app/server ./server
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/package.json ./package.json
USER node
EXPOSE 3000
CMD ["npm", "start"]
