import type { MigrationStep } from "./step";

const table = (id: string) => `CREATE TABLE declaration_codes (
  id ${id},
  order_id INTEGER NOT NULL REFERENCES orders(id),
  code TEXT NOT NULL UNIQUE,
  issued_at TEXT NOT NULL,
  replaced_at TEXT,
  lookup_count INTEGER NOT NULL DEFAULT 0,
  last_lookup_at TEXT
)`;

const tally = `CREATE TABLE declaration_lookup_days (
  day TEXT PRIMARY KEY,
  found INTEGER NOT NULL DEFAULT 0,
  missed INTEGER NOT NULL DEFAULT 0
)`;

// Named as a UNIQUE constraint would be, so isUniqueViolation (app/db/unique-violation.ts) knows it on PostgreSQL too.
const currentCode = `CREATE UNIQUE INDEX declaration_codes_order_id_key ON declaration_codes (order_id) WHERE replaced_at IS NULL;`;

export const declarationCodes: MigrationStep = {
  // docs/decisions/089. One row per declaration issued for an order, with the code it carries (12
  // symbols of app/order/declaration-code.ts, stored without hyphens), how many times a landlord
  // looked it up and when last (no one's address or browser). An order has one current code
  // (`replaced_at` NULL); a replacement declaration will set it on the old row and add a new one.
  // Orders placed before this step get their code the first time it is needed (the declaration's
  // PDF), not here: codes come from node:crypto, which SQL cannot call. `declaration_lookup_days`
  // counts each Warsaw day's lookups, found and not: every lookup writes there, so an unknown code
  // costs the commit a known one does, and a day of many misses shows someone guessing.
  name: "declaration-codes",
  sqlite: `${table("INTEGER PRIMARY KEY")} STRICT;
${currentCode}
${tally} STRICT;`,
  postgres: `${table("INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY")};
${currentCode}
${tally};`,
};
