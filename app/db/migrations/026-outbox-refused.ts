import type { MigrationStep } from "./step";

export const outboxRefused: MigrationStep = {
  // docs/decisions/069. 1 when the mail server refused the message for good (a 5xx reply to its
  // recipient or its content, RFC 5321): the outbox gave it up at once instead of retrying for
  // three days, and the back office says so. Sending it again sets it back to 0.
  name: "outbox-refused",
  sqlite: `ALTER TABLE outbox ADD COLUMN refused INTEGER NOT NULL DEFAULT 0 CHECK (refused IN (0, 1));`,
  postgres: `ALTER TABLE outbox ADD COLUMN refused INTEGER NOT NULL DEFAULT 0 CHECK (refused IN (0, 1));`,
};
