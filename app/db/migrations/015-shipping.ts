import type { MigrationStep } from "./step";

export const shipping: MigrationStep = {
  // docs/decisions/048. How the customer asked to receive the declaration: by courier to the
  // mailing address (every order placed before, and every order while lockers are not offered), or
  // at an InPost parcel locker (locker_name, e.g. KRA010, and its address as the Points API gave it
  // at ordering; NULL when the API was down and the customer typed the name by hand, for the
  // operator to check). The ShipX shipment made for the order (id, last status seen, when it was
  // read) and when InPost said it was delivered.
  name: "shipping",
  sqlite: `ALTER TABLE orders ADD COLUMN delivery_method TEXT NOT NULL DEFAULT 'courier' CHECK (delivery_method IN ('courier', 'locker'));
ALTER TABLE orders ADD COLUMN locker_name TEXT;
ALTER TABLE orders ADD COLUMN locker_address TEXT;
ALTER TABLE orders ADD COLUMN shipment_id TEXT;
ALTER TABLE orders ADD COLUMN shipment_status TEXT;
ALTER TABLE orders ADD COLUMN shipment_checked_at TEXT;
ALTER TABLE orders ADD COLUMN delivered_at TEXT;
CREATE INDEX orders_shipment_id ON orders (shipment_id);`,
  postgres: `ALTER TABLE orders ADD COLUMN delivery_method TEXT NOT NULL DEFAULT 'courier' CHECK (delivery_method IN ('courier', 'locker'));
ALTER TABLE orders ADD COLUMN locker_name TEXT;
ALTER TABLE orders ADD COLUMN locker_address TEXT;
ALTER TABLE orders ADD COLUMN shipment_id TEXT;
ALTER TABLE orders ADD COLUMN shipment_status TEXT;
ALTER TABLE orders ADD COLUMN shipment_checked_at TEXT;
ALTER TABLE orders ADD COLUMN delivered_at TEXT;
CREATE INDEX orders_shipment_id ON orders (shipment_id);`,
};
