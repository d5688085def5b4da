import type { MigrationStep } from "./step";

export const addressLater: MigrationStep = {
  // docs/decisions/091. An order placed before the flat was found: `address_pending` is 1 until the customer gives the
  // flat's address on the order's page, which writes it into the property_* columns (they hold '' and NULL until then,
  // so no NOT NULL column changes and SQLite needs no table rebuild) and sets `address_given_at`, the day the delivery
  // promise counts from. NULL `address_given_at` with 0 pending: an order placed with its address, as before.
  name: "address-later",
  sqlite: `ALTER TABLE orders ADD COLUMN address_pending INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN address_given_at TEXT;`,
  postgres: `ALTER TABLE orders ADD COLUMN address_pending INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN address_given_at TEXT;`,
};
