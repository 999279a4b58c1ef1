-- Rate-limit counters (decision 018), in rate-limiter-flexible's own layout (key, points, expire in
-- epoch milliseconds), which its RateLimiterPostgres writes with `tableCreated: true`. A schema of
-- their own keeps them out of the domain schema (schema.prisma), as graphile_worker's tables are.
-- UNLOGGED: no WAL for a write on every request; a crash empties the table, which only resets the
-- counts (a limit restarts its window).
CREATE SCHEMA IF NOT EXISTS "rate_limits";

CREATE UNLOGGED TABLE IF NOT EXISTS "rate_limits"."counters" (
    "key" VARCHAR(255) PRIMARY KEY,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT
);

-- The periodic cleanup deletes rows whose window ended an hour ago.
CREATE INDEX IF NOT EXISTS "counters_expire_idx" ON "rate_limits"."counters" ("expire");
