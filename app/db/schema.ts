import type { Generated, Selectable } from "kysely";
import type { Locale } from "~/i18n/locales";

/** Kysely's view of the tables created by app/db/migrations.ts. */
export type OrderStatus =
  | "awaiting_payment"
  | "paid"
  | "dispatched"
  | "cancelled";

export type OrdersTable = {
  id: Generated<number>;
  number: string;
  number_year: number;
  number_seq: number;
  payment_token: string;
  idempotency_key: string;
  status: Generated<OrderStatus>;
  variant: "standard" | "automatic";
  channel: "form" | "api";
  locale: Locale;
  declaration_type: "regular" | "notarized";
  price_grosze: number;
  currency: string;
  tenant_name: string;
  landlord_name: string | null;
  start_date: string | null;
  rental_period_days: number | null;
  email: string;
  phone: string;
  property_address: string;
  property_street: string | null;
  property_postal_code: string | null;
  property_city: string | null;
  mailing_address: string;
  mailing_street: string | null;
  mailing_postal_code: string | null;
  mailing_city: string | null;
  additional_info: string | null;
  data_processing_consent_at: string;
  terms_accepted_at: string;
  immediate_performance_consent_at: string;
  contract_text: string;
  contract_version: string;
  created_at: string;
  updated_at: string;
};

export type Database = { orders: OrdersTable };
export type OrderRow = Selectable<OrdersTable>;
