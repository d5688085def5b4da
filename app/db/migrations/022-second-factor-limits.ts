import type { MigrationStep } from "./step";

/** The outbox as it stands after step 014 (request_id), with an operator's audit row as a third owner a message may have. */
const outboxColumns = `id, order_id, kind, data, status, attempts, next_attempt_at, claim_id, claimed_at, last_error, sent_at, created_at, resent, withdrawal_id, request_id`;

export const secondFactorLimits: MigrationStep = {
  // The second factor's limits (docs/decisions/060). admin_sessions.code_attempts counts the
  // codes tried on one half-made session (5 end it); operators.second_factor_failures counts the
  // wrong codes on the account since its last sign-in, from any address, and
  // second_factor_locked_at is set when they reach the limit (only `npm run operator -- unlock`
  // clears it). The operator is told of the lock by e-mail, through the outbox: a message may now
  // belong to an operator's audit row (the lock) instead of an order or a withdrawal statement.
  // SQLite cannot change a CHECK, so the outbox is rebuilt with every column it has.
  name: "second-factor-limits",
  sqlite: `ALTER TABLE operators ADD COLUMN second_factor_failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE operators ADD COLUMN second_factor_locked_at TEXT;
ALTER TABLE admin_sessions ADD COLUMN code_attempts INTEGER NOT NULL DEFAULT 0;
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
  request_id TEXT,
  operator_event_id INTEGER REFERENCES operator_events(id),
  CHECK ((order_id IS NOT NULL) + (withdrawal_id IS NOT NULL) + (operator_event_id IS NOT NULL) = 1),
  UNIQUE (order_id, kind),
  UNIQUE (withdrawal_id, kind),
  UNIQUE (operator_event_id, kind)
) STRICT;
INSERT INTO outbox_rebuilt (${outboxColumns}) SELECT ${outboxColumns} FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_rebuilt RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);`,
  postgres: `ALTER TABLE operators ADD COLUMN second_factor_failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE operators ADD COLUMN second_factor_locked_at TEXT;
ALTER TABLE admin_sessions ADD COLUMN code_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN operator_event_id INTEGER REFERENCES operator_events(id);
ALTER TABLE outbox DROP CONSTRAINT outbox_one_owner;
ALTER TABLE outbox ADD CONSTRAINT outbox_one_owner CHECK (num_nonnulls(order_id, withdrawal_id, operator_event_id) = 1);
ALTER TABLE outbox ADD CONSTRAINT outbox_operator_event_kind UNIQUE (operator_event_id, kind);`,
};
