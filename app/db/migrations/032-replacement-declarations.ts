import type { MigrationStep } from "./step";

const columns = `ALTER TABLE declaration_codes ADD COLUMN owner_name TEXT;
ALTER TABLE declaration_codes ADD COLUMN flat_address TEXT;
ALTER TABLE declaration_codes ADD COLUMN flat_city TEXT;
ALTER TABLE declaration_codes ADD COLUMN declared_on TEXT;
ALTER TABLE declaration_codes ADD COLUMN issued_by TEXT;
ALTER TABLE declaration_codes ADD COLUMN price_grosze INTEGER NOT NULL DEFAULT 0;`;

export const replacementDeclarations: MigrationStep = {
  // docs/decisions/092. A replacement declaration (issue 49) is a declaration_codes row like the
  // first, with what makes it different: the new substitute flat's owner, its address and town, the
  // day on the declaration, the operator who issued it and what the customer paid for it (grosze).
  // All NULL (price 0) on an order's first declaration, which names the flat of SUBSTITUTE_FLAT_*.
  name: "replacement-declarations",
  sqlite: columns,
  postgres: columns,
};
