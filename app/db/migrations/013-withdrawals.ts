import type { MigrationStep } from "./step";

/** The outbox as it stands after step 006, with order_id optional and a withdrawal statement as the other owner a message may have. */
const outboxColumns = `id, order_id, kind, data, status, attempts, next_attempt_at, claim_id, claimed_at, last_error, sent_at, created_at, resent`;

export const withdrawals: MigrationStep = {
  // Withdrawal statements (docs/decisions/046). A statement is stored as submitted, whether or
  // not it matches an order, so the outbox's messages may belong to a statement instead of an
  // order: order_id becomes optional and withdrawal_id names the statement (one message of a
  // kind per statement). SQLite cannot drop NOT NULL, so the outbox is rebuilt with every
  // column it has (migrate.server.ts turns foreign keys off around the steps).
  name: "withdrawals",
  sqlite: `CREATE TABLE withdrawals (
  id INTEGER PRIMARY KEY,
  received_at TEXT NOT NULL,
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  order_reference TEXT NOT NULL,
  email TEXT NOT NULL,
  statement TEXT NOT NULL,
  order_id INTEGER REFERENCES orders(id),
  matched_by TEXT CHECK (matched_by IN ('token', 'details', 'operator')),
  linked_by TEXT,
  linked_at TEXT
) STRICT;
CREATE INDEX withdrawals_order ON withdrawals (order_id);
CREATE INDEX withdrawals_received ON withdrawals (received_at);
ALTER TABLE orders ADD COLUMN withdrawn_at TEXT;
CREATE TABLE outbox_rebuilt (
  id INTEGER PRIMARY KEY,
  order_id INTEGER REFERENCES orders(id),
  kind TEXT NOT NULL,
  data TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  claim_id TEXT,
  claimed_at TEXT,
  last_error TEXT,
  sent_at TEXT,
  created_at TEXT NOT NULL,
  resent INTEGER NOT NULL DEFAULT 0,
  withdrawal_id INTEGER REFERENCES withdrawals(id),
  CHECK ((order_id IS NULL) <> (withdrawal_id IS NULL)),
  UNIQUE (order_id, kind),
  UNIQUE (withdrawal_id, kind)
) STRICT;
INSERT INTO outbox_rebuilt (${outboxColumns}) SELECT ${outboxColumns} FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_rebuilt RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);`,
  postgres: `CREATE TABLE withdrawals (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  received_at TEXT NOT NULL,
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  order_reference TEXT NOT NULL,
  email TEXT NOT NULL,
  statement TEXT NOT NULL,
  order_id INTEGER REFERENCES orders(id),
  matched_by TEXT CHECK (matched_by IN ('token', 'details', 'operator')),
  linked_by TEXT,
  linked_at TEXT
);
CREATE INDEX withdrawals_order ON withdrawals (order_id);
CREATE INDEX withdrawals_received ON withdrawals (received_at);
ALTER TABLE orders ADD COLUMN withdrawn_at TEXT;
ALTER TABLE outbox ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE outbox ADD COLUMN withdrawal_id INTEGER REFERENCES withdrawals(id);
ALTER TABLE outbox ADD CONSTRAINT outbox_one_owner CHECK ((order_id IS NULL) <> (withdrawal_id IS NULL));
ALTER TABLE outbox ADD CONSTRAINT outbox_withdrawal_kind UNIQUE (withdrawal_id, kind);`,
};
