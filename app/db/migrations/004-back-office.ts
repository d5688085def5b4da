import type { MigrationStep } from "./step";

export const backOffice: MigrationStep = {
  // The back office (docs/decisions/016): operators, server-side sessions, the sign-in
  // lockout, the audit trail of status changes, the facts of each transition and housekeeping leases.
  name: "back-office",
  sqlite: `ALTER TABLE orders ADD COLUMN paid_at TEXT;
ALTER TABLE orders ADD COLUMN dispatched_at TEXT;
ALTER TABLE orders ADD COLUMN tracking_number TEXT;
ALTER TABLE orders ADD COLUMN courier TEXT;
ALTER TABLE orders ADD COLUMN cancelled_at TEXT;
ALTER TABLE orders ADD COLUMN cancel_reason TEXT;
ALTER TABLE orders ADD COLUMN anonymised_at TEXT;
CREATE TABLE operators (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE TABLE admin_sessions (
  id INTEGER PRIMARY KEY,
  session_hash TEXT NOT NULL UNIQUE,
  operator_id INTEGER NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) STRICT;
CREATE TABLE sign_in_attempts (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  ip TEXT NOT NULL,
  succeeded INTEGER NOT NULL,
  attempted_at TEXT NOT NULL
) STRICT;
CREATE INDEX sign_in_attempts_email ON sign_in_attempts (email, attempted_at);
CREATE INDEX sign_in_attempts_ip ON sign_in_attempts (ip, attempted_at);
CREATE TABLE order_events (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  operator TEXT NOT NULL,
  from_status TEXT NOT NULL,
  to_status TEXT NOT NULL,
  details TEXT,
  at TEXT NOT NULL
) STRICT;
CREATE INDEX order_events_order ON order_events (order_id, at);
CREATE TABLE job_runs (
  name TEXT PRIMARY KEY,
  last_run_at TEXT,
  lease_until TEXT,
  last_result TEXT
) STRICT;`,
  postgres: `ALTER TABLE orders ADD COLUMN paid_at TEXT;
ALTER TABLE orders ADD COLUMN dispatched_at TEXT;
ALTER TABLE orders ADD COLUMN tracking_number TEXT;
ALTER TABLE orders ADD COLUMN courier TEXT;
ALTER TABLE orders ADD COLUMN cancelled_at TEXT;
ALTER TABLE orders ADD COLUMN cancel_reason TEXT;
ALTER TABLE orders ADD COLUMN anonymised_at TEXT;
CREATE TABLE operators (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE admin_sessions (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_hash TEXT NOT NULL UNIQUE,
  operator_id INTEGER NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE TABLE sign_in_attempts (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email TEXT NOT NULL,
  ip TEXT NOT NULL,
  succeeded INTEGER NOT NULL,
  attempted_at TEXT NOT NULL
);
CREATE INDEX sign_in_attempts_email ON sign_in_attempts (email, attempted_at);
CREATE INDEX sign_in_attempts_ip ON sign_in_attempts (ip, attempted_at);
CREATE TABLE order_events (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  operator TEXT NOT NULL,
  from_status TEXT NOT NULL,
  to_status TEXT NOT NULL,
  details TEXT,
  at TEXT NOT NULL
);
CREATE INDEX order_events_order ON order_events (order_id, at);
CREATE TABLE job_runs (
  name TEXT PRIMARY KEY,
  last_run_at TEXT,
  lease_until TEXT,
  last_result TEXT
);`,
};
