import type { MigrationStep } from "./step";

const submissionColumns = `ALTER TABLE ksef_submissions ADD COLUMN offline_at TEXT;
ALTER TABLE ksef_submissions ADD COLUMN certificate_url TEXT;
ALTER TABLE ksef_submissions ADD COLUMN awaits_original TEXT;`;

export const ksefOfflineAndCertificates: MigrationStep = {
  // docs/decisions/056. An invoice that went to its buyer in offline24 mode while KSeF did not answer:
  // when (offline_at), and KOD II's link, signed once with the type 2 certificate and printed on every
  // copy of its PDF (certificate_url). A correction whose original still waited for its KSeF number is
  // stored without a file (xml '') and names that original (awaits_original) until the number is known.
  // ksef_certificate_notices: the operator's e-mails about a certificate's end, one per certificate and
  // warning (30 and 7 days before), so a restart or a second instance sends none twice.
  name: "ksef-offline-and-certificates",
  sqlite: `${submissionColumns}
CREATE TABLE ksef_certificate_notices (
  serial TEXT NOT NULL,
  days_before INTEGER NOT NULL,
  sent_at TEXT NOT NULL,
  PRIMARY KEY (serial, days_before)
) STRICT;`,
  postgres: `${submissionColumns}
CREATE TABLE ksef_certificate_notices (
  serial TEXT NOT NULL,
  days_before INTEGER NOT NULL,
  sent_at TEXT NOT NULL,
  PRIMARY KEY (serial, days_before)
);`,
};
