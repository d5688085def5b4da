import type { MigrationStep } from "./step";

export const paymentChecksAndRefundResults: MigrationStep = {
  // docs/decisions/040. checked_at: when housekeeping asked the gateway about an attempt we closed
  // without its word that nothing was paid (a refused BLIK code, a customer back from the gateway's
  // page unpaid); each such attempt is asked about once. refund_uuid, refund_status and
  // refund_settled_at: the refund we asked for (refundsUuid), and what the gateway's refund
  // notification said about it later (completed or rejected).
  name: "payment-checks-and-refund-results",
  sqlite: `ALTER TABLE payments ADD COLUMN checked_at TEXT;
ALTER TABLE payments ADD COLUMN refund_uuid TEXT;
ALTER TABLE payments ADD COLUMN refund_status TEXT CHECK (refund_status IN ('requested', 'completed', 'rejected'));
ALTER TABLE payments ADD COLUMN refund_settled_at TEXT;`,
  postgres: `ALTER TABLE payments ADD COLUMN checked_at TEXT;
ALTER TABLE payments ADD COLUMN refund_uuid TEXT;
ALTER TABLE payments ADD COLUMN refund_status TEXT CHECK (refund_status IN ('requested', 'completed', 'rejected'));
ALTER TABLE payments ADD COLUMN refund_settled_at TEXT;`,
};
