import type { MigrationStep } from "./step";

const columns = (id: string, strict: string) => `CREATE TABLE replacement_charges (
  id ${id},
  order_id INTEGER NOT NULL REFERENCES orders(id),
  owner_name TEXT NOT NULL,
  flat_address TEXT NOT NULL,
  flat_city TEXT NOT NULL,
  declared_on TEXT NOT NULL,
  price_grosze INTEGER NOT NULL CHECK (price_grosze > 0),
  currency TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('awaiting_payment', 'paid', 'cancelled')),
  requested_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  paid_at TEXT,
  cancelled_at TEXT,
  cancelled_by TEXT,
  code TEXT
)${strict};
CREATE UNIQUE INDEX replacement_charges_one_awaiting ON replacement_charges (order_id) WHERE state = 'awaiting_payment';
ALTER TABLE payments ADD COLUMN replacement_charge_id INTEGER REFERENCES replacement_charges(id);`;

export const replacementCharges: MigrationStep = {
  // docs/decisions/094. A paid replacement declaration asked to be paid online: its facts wait here
  // with their price until the gateway confirms the payment, which issues the declaration (`code`).
  // One waiting per order (the partial index). `payments.replacement_charge_id` names the charge a
  // payment is for; NULL, as on every earlier row, is the order's own price.
  name: "replacement-charges",
  sqlite: columns("INTEGER PRIMARY KEY", " STRICT"),
  postgres: columns("INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY", ""),
};
