import type { MigrationStep } from "./step";

export const outboxRequestId: MigrationStep = {
  // docs/decisions/045. The request that queued a message (or queued it again): the worker that
  // sends it later, in any instance, writes its log lines under that request's id.
  name: "outbox-request-id",
  sqlite: `ALTER TABLE outbox ADD COLUMN request_id TEXT;`,
  postgres: `ALTER TABLE outbox ADD COLUMN request_id TEXT;`,
};
