import type { MigrationStep } from "./step";

export const lockerDescriptionAndHours: MigrationStep = {
  // docs/decisions/066. What the Points API said of the chosen parcel locker besides its address,
  // kept so that the customer's order page can name it as the preview showed it: where it stands
  // ("Przy wejściu do sklepu"; shortened to 160 characters by the adapter, decision 059) and
  // whether it is open round the clock (1), or only in the opening hours of the place it stands
  // in (0). Both NULL for courier orders, for a name typed while the API was down, and for orders
  // placed before.
  name: "locker-description-and-hours",
  sqlite: `ALTER TABLE orders ADD COLUMN locker_description TEXT;
ALTER TABLE orders ADD COLUMN locker_open_247 INTEGER CHECK (locker_open_247 IN (0, 1));`,
  postgres: `ALTER TABLE orders ADD COLUMN locker_description TEXT;
ALTER TABLE orders ADD COLUMN locker_open_247 INTEGER CHECK (locker_open_247 IN (0, 1));`,
};
