import type { MigrationStep } from "./step";

export const withdrawalDecision: MigrationStep = {
  // docs/decisions/051. The operator's decision on a withdrawn order: the whole price back, the price
  // less an amount for the service performed before the withdrawal (art. 35 of the consumer rights
  // act, with the reason), or no right left because the service had been performed (art. 38 ust. 1 pkt 1).
  name: "withdrawal-decision",
  sqlite: `ALTER TABLE orders ADD COLUMN withdrawal_decision TEXT CHECK (withdrawal_decision IN ('full', 'partial', 'expired'));
ALTER TABLE orders ADD COLUMN withdrawal_retained_grosze INTEGER;
ALTER TABLE orders ADD COLUMN withdrawal_decision_reason TEXT;`,
  postgres: `ALTER TABLE orders ADD COLUMN withdrawal_decision TEXT CHECK (withdrawal_decision IN ('full', 'partial', 'expired'));
ALTER TABLE orders ADD COLUMN withdrawal_retained_grosze INTEGER;
ALTER TABLE orders ADD COLUMN withdrawal_decision_reason TEXT;`,
};
