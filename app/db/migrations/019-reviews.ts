import type { MigrationStep } from "./step";

export const reviews: MigrationStep = {
  // Reviews from real orders (docs/decisions/052): at most one per order, written by the customer
  // through their order's link, shown on the home page only once an operator approved it.
  // `consent_at` is the moment the customer ticked the consent to publication; the form refuses
  // a review without it, so it is never NULL.
  name: "reviews",
  sqlite: `CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL UNIQUE REFERENCES orders(id),
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  text TEXT NOT NULL,
  display_name TEXT NOT NULL,
  city TEXT NOT NULL,
  consent_at TEXT NOT NULL,
  locale TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_by TEXT,
  decided_at TEXT
) STRICT;
CREATE INDEX reviews_status ON reviews (status, created_at);`,
  postgres: `CREATE TABLE reviews (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id INTEGER NOT NULL UNIQUE REFERENCES orders(id),
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  text TEXT NOT NULL,
  display_name TEXT NOT NULL,
  city TEXT NOT NULL,
  consent_at TEXT NOT NULL,
  locale TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_by TEXT,
  decided_at TEXT
);
CREATE INDEX reviews_status ON reviews (status, created_at);`,
};
