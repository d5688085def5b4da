import type { MigrationStep } from "./step";

export const outbox: MigrationStep = {
  // The transactional outbox (docs/decisions/015): e-mails written with the order, sent by a
  // worker, each attempt recorded. One message of a kind per order.
  name: "outbox",
  sqlite: `CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
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
  UNIQUE (order_id, kind)
) STRICT;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE TABLE outbox_attempts (
  id INTEGER PRIMARY KEY,
  message_id INTEGER NOT NULL REFERENCES outbox(id),
  attempted_at TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'failed')),
  error TEXT
) STRICT;`,
  postgres: `CREATE TABLE outbox (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
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
  UNIQUE (order_id, kind)
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE TABLE outbox_attempts (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id INTEGER NOT NULL REFERENCES outbox(id),
  attempted_at TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'failed')),
  error TEXT
);`,
};
