import type { MigrationStep } from "./step";

export const withdrawalReasonCode: MigrationStep = {
  // docs/decisions/065. The amount kept after an early start (art. 35) names one of the standard stages of the
  // service (the owner confirmed, the declaration signed, the parcel handed to the carrier), which the customer
  // reads in their own language; NULL when the operator wrote the reason instead (withdrawal_decision_reason).
  name: "withdrawal-reason-code",
  sqlite: `ALTER TABLE orders ADD COLUMN withdrawal_decision_reason_code TEXT
  CHECK (withdrawal_decision_reason_code IN ('owner_confirmed', 'declaration_signed', 'handed_to_carrier'));`,
  postgres: `ALTER TABLE orders ADD COLUMN withdrawal_decision_reason_code TEXT
  CHECK (withdrawal_decision_reason_code IN ('owner_confirmed', 'declaration_signed', 'handed_to_carrier'));`,
};
