import type { MigrationStep } from "./step";

/**
 * Invoices (docs/decisions/049). A request names the buyer an order's invoice is for; an invoice
 * and a correction are written once and never changed, holding their own copy of the seller, the
 * buyer and the amounts, so erasing the order's personal data leaves them whole. The counters
 * give each series its next number per month inside the issuing transaction: the row's lock makes
 * concurrent issuers wait their turn, and a transaction that rolls back takes its number back.
 */
export const invoices: MigrationStep = {
  name: "invoices",
  sqlite: `CREATE TABLE invoice_requests (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id),
  buyer_name TEXT NOT NULL,
  buyer_address TEXT NOT NULL,
  buyer_nip TEXT,
  requested_at TEXT NOT NULL,
  requested_via TEXT NOT NULL CHECK (requested_via IN ('order', 'customer', 'operator'))
) STRICT;
CREATE TABLE invoice_counters (
  series TEXT NOT NULL,
  month TEXT NOT NULL,
  last_seq INTEGER NOT NULL,
  PRIMARY KEY (series, month)
) STRICT;
CREATE TABLE invoices (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  kind TEXT NOT NULL CHECK (kind IN ('invoice', 'correction')),
  series TEXT NOT NULL,
  number_month TEXT NOT NULL,
  number_seq INTEGER NOT NULL,
  number TEXT NOT NULL UNIQUE,
  corrects_id INTEGER UNIQUE REFERENCES invoices(id),
  issued_at TEXT NOT NULL,
  issue_date TEXT NOT NULL,
  payment_date TEXT NOT NULL,
  issued_by TEXT NOT NULL,
  locale TEXT NOT NULL,
  seller_name TEXT NOT NULL,
  seller_address TEXT NOT NULL,
  seller_nip TEXT NOT NULL,
  buyer_name TEXT NOT NULL,
  buyer_address TEXT NOT NULL,
  buyer_nip TEXT,
  service_name TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  vat_rate TEXT NOT NULL CHECK (vat_rate IN ('23', 'zw')),
  vat_exemption_basis TEXT,
  net_grosze INTEGER NOT NULL,
  vat_grosze INTEGER NOT NULL,
  gross_grosze INTEGER NOT NULL,
  currency TEXT NOT NULL,
  reason TEXT,
  UNIQUE (series, number_month, number_seq),
  CHECK ((kind = 'correction') = (corrects_id IS NOT NULL))
) STRICT;
CREATE UNIQUE INDEX invoices_one_per_order ON invoices (order_id) WHERE kind = 'invoice';
CREATE INDEX invoices_month ON invoices (number_month);`,
  postgres: `CREATE TABLE invoice_requests (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id),
  buyer_name TEXT NOT NULL,
  buyer_address TEXT NOT NULL,
  buyer_nip TEXT,
  requested_at TEXT NOT NULL,
  requested_via TEXT NOT NULL CHECK (requested_via IN ('order', 'customer', 'operator'))
);
CREATE TABLE invoice_counters (
  series TEXT NOT NULL,
  month TEXT NOT NULL,
  last_seq INTEGER NOT NULL,
  PRIMARY KEY (series, month)
);
CREATE TABLE invoices (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  kind TEXT NOT NULL CHECK (kind IN ('invoice', 'correction')),
  series TEXT NOT NULL,
  number_month TEXT NOT NULL,
  number_seq INTEGER NOT NULL,
  number TEXT NOT NULL UNIQUE,
  corrects_id INTEGER UNIQUE REFERENCES invoices(id),
  issued_at TEXT NOT NULL,
  issue_date TEXT NOT NULL,
  payment_date TEXT NOT NULL,
  issued_by TEXT NOT NULL,
  locale TEXT NOT NULL,
  seller_name TEXT NOT NULL,
  seller_address TEXT NOT NULL,
  seller_nip TEXT NOT NULL,
  buyer_name TEXT NOT NULL,
  buyer_address TEXT NOT NULL,
  buyer_nip TEXT,
  service_name TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  vat_rate TEXT NOT NULL CHECK (vat_rate IN ('23', 'zw')),
  vat_exemption_basis TEXT,
  net_grosze INTEGER NOT NULL,
  vat_grosze INTEGER NOT NULL,
  gross_grosze INTEGER NOT NULL,
  currency TEXT NOT NULL,
  reason TEXT,
  UNIQUE (series, number_month, number_seq),
  CHECK ((kind = 'correction') = (corrects_id IS NOT NULL))
);
CREATE UNIQUE INDEX invoices_one_per_order ON invoices (order_id) WHERE kind = 'invoice';
CREATE INDEX invoices_month ON invoices (number_month);`,
};
