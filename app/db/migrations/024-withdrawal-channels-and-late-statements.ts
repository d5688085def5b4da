import type { MigrationStep } from "./step";

const columns = `ALTER TABLE withdrawals ADD COLUMN channel TEXT NOT NULL DEFAULT 'web' CHECK (channel IN ('web', 'email', 'post'));
ALTER TABLE withdrawals ADD COLUMN sent_on TEXT;
ALTER TABLE withdrawals ADD COLUMN late INTEGER NOT NULL DEFAULT 0;
ALTER TABLE withdrawals ADD COLUMN recorded_by TEXT;`;

export const withdrawalChannelsAndLateStatements: MigrationStep = {
  // docs/decisions/063. A statement may come by e-mail or post, recorded by the operator (`channel`,
  // `recorded_by`), with the day the customer sent it (`sent_on`: what keeps the period, art. 30 ust. 2
  // of the consumer rights act; NULL for the web form, where sending is receiving). `late`: sent after the
  // withdrawal period had ended, so it withdrew from nothing and the order was left as it was.
  name: "withdrawal-channels-and-late-statements",
  sqlite: columns,
  postgres: columns,
};
