import type { MigrationStep } from "./step";

export const rateLimitCounters: MigrationStep = {
  // The request budgets' counters (app/server/rate-limits.server.ts), in rate-limiter-flexible's
  // own layout. The library used to create the table itself when the first instance started;
  // two instances starting together on one PostgreSQL raced to create it and one crashed
  // (docs/decisions/037). Here it is made under the migration lock. IF NOT EXISTS: every
  // database that has served a request already holds the library's table.
  name: "rate-limit-counters",
  sqlite: `CREATE TABLE IF NOT EXISTS rate_limits (
  key TEXT PRIMARY KEY,
  points INTEGER NOT NULL DEFAULT 0,
  expire INTEGER
);`,
  postgres: `CREATE TABLE IF NOT EXISTS rate_limits (
  key VARCHAR(255) PRIMARY KEY,
  points INTEGER NOT NULL DEFAULT 0,
  expire BIGINT
);`,
};
