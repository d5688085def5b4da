import type { MigrationStep } from "./step";

export const ordersOptionalWaiverBindingText: MigrationStep = {
  // The withdrawal waiver becomes optional (its time is null when not given), and en/uk/ru
  // orders keep the binding Polish text of the agreement beside the translation.
  name: "orders-optional-waiver-binding-text",
  // SQLite cannot drop NOT NULL: the table is rebuilt with the same columns.
  sqlite: `CREATE TABLE orders_v2 (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  number_year INTEGER NOT NULL,
  number_seq INTEGER NOT NULL,
  payment_token TEXT NOT NULL UNIQUE,
  idempotency_key TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'awaiting_payment' CHECK (status IN ('awaiting_payment', 'paid', 'dispatched', 'cancelled')),
  variant TEXT NOT NULL CHECK (variant IN ('standard', 'automatic')),
  channel TEXT NOT NULL CHECK (channel IN ('form', 'api')),
  locale TEXT NOT NULL CHECK (locale IN ('pl', 'en', 'uk', 'ru')),
  declaration_type TEXT NOT NULL CHECK (declaration_type IN ('regular', 'notarized')),
  price_grosze INTEGER NOT NULL CHECK (price_grosze > 0),
  currency TEXT NOT NULL,
  tenant_name TEXT NOT NULL,
  landlord_name TEXT,
  start_date TEXT,
  rental_period_days INTEGER,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  property_address TEXT NOT NULL,
  property_street TEXT,
  property_postal_code TEXT,
  property_city TEXT,
  mailing_address TEXT NOT NULL,
  mailing_street TEXT,
  mailing_postal_code TEXT,
  mailing_city TEXT,
  additional_info TEXT,
  data_processing_consent_at TEXT NOT NULL,
  terms_accepted_at TEXT NOT NULL,
  immediate_performance_consent_at TEXT,
  contract_text TEXT NOT NULL,
  contract_text_binding TEXT,
  contract_version TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (number_year, number_seq)
) STRICT;
INSERT INTO orders_v2 (id, number, number_year, number_seq, payment_token, idempotency_key, status, variant, channel, locale, declaration_type, price_grosze, currency, tenant_name, landlord_name, start_date, rental_period_days, email, phone, property_address, property_street, property_postal_code, property_city, mailing_address, mailing_street, mailing_postal_code, mailing_city, additional_info, data_processing_consent_at, terms_accepted_at, immediate_performance_consent_at, contract_text, contract_version, created_at, updated_at) SELECT id, number, number_year, number_seq, payment_token, idempotency_key, status, variant, channel, locale, declaration_type, price_grosze, currency, tenant_name, landlord_name, start_date, rental_period_days, email, phone, property_address, property_street, property_postal_code, property_city, mailing_address, mailing_street, mailing_postal_code, mailing_city, additional_info, data_processing_consent_at, terms_accepted_at, immediate_performance_consent_at, contract_text, contract_version, created_at, updated_at FROM orders;
DROP TABLE orders;
ALTER TABLE orders_v2 RENAME TO orders;`,
  postgres: `ALTER TABLE orders ALTER COLUMN immediate_performance_consent_at DROP NOT NULL;
ALTER TABLE orders ADD COLUMN contract_text_binding TEXT;`,
};
