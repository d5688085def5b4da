import type { AppDatabase } from "~/db/db.server";
import type { MessageKind } from "~/db/schema";

/** The order's queued message of that kind, as the mail worker reads it from the outbox. */
export function queuedMessage(db: AppDatabase, orderId: number, kind: MessageKind) {
  return db.selectFrom("outbox").selectAll().where("order_id", "=", orderId).where("kind", "=", kind).executeTakeFirstOrThrow();
}
