import type { MigrationStep } from "./step";

export const withdrawalAcknowledgementCaps: MigrationStep = {
  // The daily cap on withdrawal acknowledgements per recipient (docs/decisions/058). Counted in
  // the app's database, in the statement's own transaction, so every instance shares the count
  // and a statement rolled back counts nothing. `recipient` is a SHA-256 of the folded address,
  // never the address; rows older than yesterday are deleted as new ones are counted.
  // `acknowledgement_withheld` marks a statement whose acknowledgement the cap held back, for
  // the operator to see.
  name: "withdrawal-acknowledgement-caps",
  sqlite: `CREATE TABLE withdrawal_mail_counts (
  recipient TEXT NOT NULL,
  day TEXT NOT NULL,
  sent INTEGER NOT NULL,
  PRIMARY KEY (recipient, day)
) STRICT;
CREATE INDEX withdrawal_mail_counts_day ON withdrawal_mail_counts (day);
ALTER TABLE withdrawals ADD COLUMN acknowledgement_withheld INTEGER NOT NULL DEFAULT 0;`,
  postgres: `CREATE TABLE withdrawal_mail_counts (
  recipient TEXT NOT NULL,
  day TEXT NOT NULL,
  sent INTEGER NOT NULL,
  PRIMARY KEY (recipient, day)
);
CREATE INDEX withdrawal_mail_counts_day ON withdrawal_mail_counts (day);
ALTER TABLE withdrawals ADD COLUMN acknowledgement_withheld INTEGER NOT NULL DEFAULT 0;`,
};
