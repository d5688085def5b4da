import type { MigrationStep } from "./step";

export const payments: MigrationStep = {
  // Online payments (docs/decisions/028): one row per attempt. The partial unique index keeps
  // at most one attempt in progress per order, so two clicks can never start two charges.
  name: "payments",
  sqlite: `CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  gateway TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('blik', 'redirect')),
  session_id TEXT NOT NULL UNIQUE,
  state TEXT NOT NULL CHECK (state IN ('registered', 'pending', 'paid', 'failed', 'refunded')),
  amount_grosze INTEGER NOT NULL CHECK (amount_grosze > 0),
  currency TEXT NOT NULL,
  gateway_order_id TEXT,
  gateway_method_id INTEGER,
  redirect_url TEXT,
  failure TEXT,
  refund_reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  paid_at TEXT,
  refunded_at TEXT
) STRICT;
CREATE UNIQUE INDEX payments_one_in_progress ON payments (order_id) WHERE state IN ('registered', 'pending');
CREATE INDEX payments_order ON payments (order_id, created_at);
CREATE INDEX payments_state ON payments (state, created_at);`,
  postgres: `CREATE TABLE payments (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  gateway TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('blik', 'redirect')),
  session_id TEXT NOT NULL UNIQUE,
  state TEXT NOT NULL CHECK (state IN ('registered', 'pending', 'paid', 'failed', 'refunded')),
  amount_grosze INTEGER NOT NULL CHECK (amount_grosze > 0),
  currency TEXT NOT NULL,
  gateway_order_id TEXT,
  gateway_method_id INTEGER,
  redirect_url TEXT,
  failure TEXT,
  refund_reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  paid_at TEXT,
  refunded_at TEXT
);
CREATE UNIQUE INDEX payments_one_in_progress ON payments (order_id) WHERE state IN ('registered', 'pending');
CREATE INDEX payments_order ON payments (order_id, created_at);
CREATE INDEX payments_state ON payments (state, created_at);`,
};
