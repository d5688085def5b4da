import { basename } from "node:path";
import { restoreBackup, type RestoreOutcome } from "~/db/backup.server";
import { openDatabase, type AppDatabase, type DatabaseTarget } from "~/db/db.server";
import { eraseOrderIn } from "~/order/lifecycle/anonymisation.server";
import { SYSTEM_ACTOR } from "~/order/lifecycle/order-transitions.server";

/**
 * `npm run restore` (docs/decisions/043 and 060): the backup is put back, then every customer
 * whose data the replaced database had erased (on request or at the end of retention) and the
 * backup still holds is erased again, before the site starts: a restore never brings back a
 * person who asked to be forgotten. Each order gets a line in its history naming the backup.
 */
export type RestoreWithErasures = RestoreOutcome & { erasedAgain: string[] };

export async function restoreKeepingErasures(
  backup: string,
  target: DatabaseTarget,
  options: { now?: Date; postgresBin?: string } = {},
): Promise<RestoreWithErasures> {
  const now = options.now ?? new Date();
  const restored = await restoreBackup(backup, target, { ...options, now });
  if (!restored.erasedSinceBackup?.length) return { ...restored, erasedAgain: [] };
  // The restored database is brought up to this code's schema here, as the site would do as it starts.
  const db = await openDatabase(target);
  try {
    return { ...restored, erasedAgain: await eraseAgain(db, restored.erasedSinceBackup, basename(backup), now) };
  } finally {
    await db.destroy();
  }
}

/** Anonymises the orders of those numbers that still hold personal data, in one transaction, with a history line each. */
export async function eraseAgain(db: AppDatabase, numbers: readonly string[], backupName: string, now: Date): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const orders = await trx
      .selectFrom("orders")
      .select(["id", "number", "status"])
      .where("number", "in", [...numbers])
      .where("anonymised_at", "is", null)
      .orderBy("number")
      .execute();
    const erased: string[] = [];
    for (const order of orders)
      if (await eraseOrderIn(trx, order, SYSTEM_ACTOR, { action: "erasure_reapplied_after_restore", backup: backupName }, now))
        erased.push(order.number);
    return erased;
  });
}
