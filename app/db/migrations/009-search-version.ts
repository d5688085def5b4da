import type { MigrationStep } from "./step";

export const searchVersion: MigrationStep = {
  // Which search key wrote an order's search_text (app/order/search-text.ts, docs/decisions/041).
  // NULL for every row so far: the order domain rewrites those at start-up with the current key
  // (refreshSearchText), as it will whenever the key changes again. That pass looks for old
  // versions, not for a missing text, so the partial index on a missing search_text goes.
  name: "search-version",
  sqlite: `ALTER TABLE orders ADD COLUMN search_version INTEGER;
DROP INDEX orders_search_missing;`,
  postgres: `ALTER TABLE orders ADD COLUMN search_version INTEGER;
DROP INDEX orders_search_missing;`,
};
