import { randomInt } from "node:crypto";
import type { Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { isUniqueViolation } from "~/db/unique-violation";
import { codeFrom } from "./declaration-code";

type Writer = AppDatabase | Transaction<Database>;

/** A code already taken (one in 2^60 per pair of codes) is drawn again; this many draws at most. */
const MAX_DRAWS = 5;

/**
 * Gives the order its current declaration code unless it has one, and answers the current code
 * (docs/decisions/089). A new order gets it in the transaction that writes the order; an order
 * placed before codes existed gets it the first time its declaration is drawn. Two requests
 * doing that at once both end with the same code: the partial UNIQUE index on the order's
 * current code lets one insert win and the other reads it.
 */
export async function currentDeclarationCode(db: Writer, orderId: number, issuedAt: string): Promise<string> {
  for (let draw = 1; ; draw++) {
    const existing = await db
      .selectFrom("declaration_codes")
      .select("code")
      .where("order_id", "=", orderId)
      .where("replaced_at", "is", null)
      .executeTakeFirst();
    if (existing) return existing.code;
    try {
      await db
        .insertInto("declaration_codes")
        .values({ order_id: orderId, code: codeFrom(randomInt), issued_at: issuedAt })
        .onConflict((conflict) => conflict.column("order_id").where("replaced_at", "is", null).doNothing())
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error, "declaration_codes", ["code"]) || draw >= MAX_DRAWS) throw error;
    }
  }
}
