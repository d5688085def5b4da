import type { MigrationStep } from "./step";

export const backOfficeSearchAndNotes: MigrationStep = {
  // The back office's search, notes and money facts (docs/decisions/032). search_text is filled
  // by the app (app/order/search-text.ts folds in JavaScript, the same on both databases); rows
  // older than this step are filled at start-up by fillMissingSearchText.
  name: "back-office-search-and-notes",
  sqlite: `ALTER TABLE orders ADD COLUMN search_text TEXT;
ALTER TABLE orders ADD COLUMN received_grosze INTEGER;
ALTER TABLE orders ADD COLUMN refunded_grosze INTEGER;
ALTER TABLE orders ADD COLUMN refunded_at TEXT;
ALTER TABLE outbox ADD COLUMN resent INTEGER NOT NULL DEFAULT 0;
CREATE INDEX orders_search_missing ON orders (id) WHERE search_text IS NULL;
CREATE INDEX orders_status_created ON orders (status, created_at);
CREATE TABLE order_notes (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  operator TEXT NOT NULL,
  text TEXT NOT NULL,
  at TEXT NOT NULL
) STRICT;
CREATE INDEX order_notes_order ON order_notes (order_id, at);`,
  postgres: `ALTER TABLE orders ADD COLUMN search_text TEXT;
ALTER TABLE orders ADD COLUMN received_grosze INTEGER;
ALTER TABLE orders ADD COLUMN refunded_grosze INTEGER;
ALTER TABLE orders ADD COLUMN refunded_at TEXT;
ALTER TABLE outbox ADD COLUMN resent INTEGER NOT NULL DEFAULT 0;
CREATE INDEX orders_search_missing ON orders (id) WHERE search_text IS NULL;
CREATE INDEX orders_status_created ON orders (status, created_at);
CREATE TABLE order_notes (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  operator TEXT NOT NULL,
  text TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX order_notes_order ON order_notes (order_id, at);`,
};
