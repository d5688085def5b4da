import type { MigrationStep } from "./step";

export const operatorSecondFactor: MigrationStep = {
  // The operator's second factor (docs/decisions/044). totp_secret is the authenticator's key,
  // encrypted under OPERATOR_SECRET_KEY (never stored in clear); totp_confirmed_at is set by the
  // first valid code; totp_last_step is the newest time step accepted, so a code is never
  // accepted twice. A session is only half made (the password was right) until second_factor_at
  // is set; the sessions made before this step are deleted, so every operator signs in again
  // with both factors (an old session must not pass for one waiting for its code). Recovery
  // codes are stored as keyed hashes. operator_events is the audit trail of the accounts
  // (sign-in, sign-out, enrolment, recovery codes, resets); order_events stays the orders'.
  name: "operator-second-factor",
  sqlite: `DELETE FROM admin_sessions;
ALTER TABLE operators ADD COLUMN totp_secret TEXT;
ALTER TABLE operators ADD COLUMN totp_confirmed_at TEXT;
ALTER TABLE operators ADD COLUMN totp_last_step INTEGER;
ALTER TABLE admin_sessions ADD COLUMN second_factor_at TEXT;
CREATE TABLE operator_recovery_codes (
  id INTEGER PRIMARY KEY,
  operator_id INTEGER NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  used_at TEXT
) STRICT;
CREATE INDEX operator_recovery_codes_operator ON operator_recovery_codes (operator_id);
CREATE TABLE operator_events (
  id INTEGER PRIMARY KEY,
  operator TEXT NOT NULL,
  action TEXT NOT NULL,
  ip TEXT,
  details TEXT,
  at TEXT NOT NULL
) STRICT;
CREATE INDEX operator_events_operator ON operator_events (operator, at);`,
  postgres: `DELETE FROM admin_sessions;
ALTER TABLE operators ADD COLUMN totp_secret TEXT;
ALTER TABLE operators ADD COLUMN totp_confirmed_at TEXT;
ALTER TABLE operators ADD COLUMN totp_last_step INTEGER;
ALTER TABLE admin_sessions ADD COLUMN second_factor_at TEXT;
CREATE TABLE operator_recovery_codes (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id INTEGER NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX operator_recovery_codes_operator ON operator_recovery_codes (operator_id);
CREATE TABLE operator_events (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator TEXT NOT NULL,
  action TEXT NOT NULL,
  ip TEXT,
  details TEXT,
  at TEXT NOT NULL
);
CREATE INDEX operator_events_operator ON operator_events (operator, at);`,
};
