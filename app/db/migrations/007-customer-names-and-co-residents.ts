import type { MigrationStep } from "./step";

export const customerNamesAndCoResidents: MigrationStep = {
  // The tenant's name in its original script beside the Latin one, and the co-residents the
  // declaration covers (art. 19a(2)(3)) as a JSON array of names; NULL for orders placed before.
  name: "customer-names-and-co-residents",
  sqlite: `ALTER TABLE orders ADD COLUMN tenant_name_original TEXT;
ALTER TABLE orders ADD COLUMN co_residents TEXT;`,
  postgres: `ALTER TABLE orders ADD COLUMN tenant_name_original TEXT;
ALTER TABLE orders ADD COLUMN co_residents TEXT;`,
};
