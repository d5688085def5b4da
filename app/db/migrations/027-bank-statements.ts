import type { MigrationStep } from "./step";

const tables = (id: string, blob: string) => `CREATE TABLE bank_statements (
  id ${id},
  file_sha256 TEXT NOT NULL UNIQUE,
  file_name TEXT NOT NULL,
  format TEXT NOT NULL,
  encoding TEXT NOT NULL,
  content ${blob},
  first_booked_on TEXT,
  last_booked_on TEXT,
  line_count INTEGER NOT NULL,
  paid_count INTEGER NOT NULL,
  to_check_count INTEGER NOT NULL,
  read_before_count INTEGER NOT NULL,
  not_ours_count INTEGER NOT NULL,
  uploaded_by TEXT NOT NULL,
  uploaded_at TEXT NOT NULL,
  importing_until TEXT,
  completed_at TEXT
)`;

const lines = (id: string) => `CREATE TABLE bank_statement_lines (
  id ${id},
  statement_id INTEGER NOT NULL REFERENCES bank_statements(id),
  line_no INTEGER NOT NULL,
  line_key TEXT NOT NULL UNIQUE,
  booked_on TEXT NOT NULL,
  amount_grosze INTEGER NOT NULL,
  currency TEXT NOT NULL,
  bank_reference TEXT,
  title TEXT,
  counterparty_name TEXT,
  counterparty_account TEXT,
  outcome TEXT NOT NULL CHECK (outcome IN ('paid', 'toCheck', 'notOurs')),
  reason TEXT,
  reason_facts TEXT,
  order_id INTEGER REFERENCES orders(id),
  resolution TEXT CHECK (resolution IN ('assigned', 'refund', 'skipped')),
  resolved_by TEXT,
  resolved_at TEXT
)`;

const indexes = `CREATE INDEX bank_statement_lines_open ON bank_statement_lines (outcome, resolution, booked_on);
CREATE INDEX bank_statement_lines_statement ON bank_statement_lines (statement_id, line_no);
CREATE INDEX bank_statement_lines_order ON bank_statement_lines (order_id);`;

export const bankStatements: MigrationStep = {
  // docs/decisions/080. One row per statement file read (its bytes kept for the audit while the
  // orders it paid are kept; `completed_at` once its last line is read, `importing_until` the
  // lease of the upload reading it), one per booked line. `line_key` is the bank's reference or a hash of
  // the line (app/bank-statements/matching.ts): UNIQUE, so a line read twice, from the same file or
  // an overlapping one, from one operator or two at once, is stored and acted on once. A line that
  // concerns no order keeps only date, amount, currency and reference: title, name and account are
  // NULL (RODO art. 5 ust. 1 lit. c).
  name: "bank-statements",
  sqlite: `${tables("INTEGER PRIMARY KEY", "BLOB")} STRICT;
${lines("INTEGER PRIMARY KEY")} STRICT;
${indexes}`,
  postgres: `${tables("INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY", "BYTEA")};
${lines("INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY")};
${indexes}`,
};
