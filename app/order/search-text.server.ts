import type { ExpressionBuilder } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { SEARCH_TEXT_VERSION, searchColumns } from "./search-text";

const BATCH = 500;

const writtenWithAnOlderKey = (eb: ExpressionBuilder<Database, "orders">) =>
  eb.or([eb("search_version", "is", null), eb("search_version", "<", SEARCH_TEXT_VERSION)]);

/**
 * Rewrites the search column of every order whose column was written by an older search key
 * (search_version below SEARCH_TEXT_VERSION), or by a process that did not know the version
 * (NULL: rows from before the column, or an older process during a rolling start). The folding is
 * JavaScript, so a migration's SQL cannot do it; the server runs this once the migrations have,
 * before it listens, and a later start finds nothing left to do. Returns how many it rewrote.
 */
export async function refreshSearchText(db: AppDatabase): Promise<number> {
  let refreshed = 0;
  for (;;) {
    const rows = await db
      .selectFrom("orders")
      .select([
        "id",
        "number",
        "tenant_name",
        "tenant_name_original",
        "co_residents",
        "landlord_name",
        "email",
        "phone",
        "mailing_address",
        "property_address",
        "anonymised_at",
      ])
      .where(writtenWithAnOlderKey)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      await db
        .updateTable("orders")
        .set(searchColumns(row))
        .where("id", "=", row.id)
        // A newer process may have written it meanwhile: never step back to this key.
        .where(writtenWithAnOlderKey)
        .execute();
    }
    refreshed += rows.length;
    if (rows.length < BATCH) return refreshed;
  }
}
