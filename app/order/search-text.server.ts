import type { AppDatabase } from "~/db/db.server";
import { orderSearchText } from "./search-text";

const BATCH = 500;

/**
 * Fills search_text for orders written before the column existed (or by an older process
 * during a rolling start). The folding is JavaScript, so the migration's SQL cannot do it;
 * this runs once the migrations have, and a later start finds nothing left to do.
 */
export async function fillMissingSearchText(db: AppDatabase): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .selectFrom("orders")
      .select(["id", "number", "tenant_name", "tenant_name_original", "landlord_name", "email", "phone"])
      .where("search_text", "is", null)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      await db
        .updateTable("orders")
        .set({ search_text: orderSearchText(row) })
        .where("id", "=", row.id)
        .where("search_text", "is", null)
        .execute();
    }
    filled += rows.length;
    if (rows.length < BATCH) return filled;
  }
}
