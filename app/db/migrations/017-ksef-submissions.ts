import type { MigrationStep } from "./step";

const columns = `
  order_id INTEGER NOT NULL REFERENCES orders(id),
  invoice_number TEXT NOT NULL UNIQUE,
  invoice_hash TEXT NOT NULL,
  xml TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'accepted', 'rejected', 'manual')),
  session_reference TEXT,
  invoice_reference TEXT,
  ksef_number TEXT,
  acquired_at TEXT,
  upo TEXT,
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL`;

export const ksefSubmissions: MigrationStep = {
  // docs/decisions/050. One row per invoice that goes to KSeF: the exact FA(3) file, fixed once
  // (its SHA-256 identifies the invoice to KSeF and in the verification link), and what KSeF
  // answered. A row that has references was sent: a retry asks for its status, never sends it again.
  name: "ksef-submissions",
  sqlite: `CREATE TABLE ksef_submissions (
  id INTEGER PRIMARY KEY,${columns}
) STRICT;
CREATE INDEX ksef_submissions_order ON ksef_submissions (order_id);`,
  postgres: `CREATE TABLE ksef_submissions (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,${columns}
);
CREATE INDEX ksef_submissions_order ON ksef_submissions (order_id);`,
};
