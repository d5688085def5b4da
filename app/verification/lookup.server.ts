import type { AppDatabase } from "~/db/db.server";
import { warsawDay } from "~/order/delivery-dates.server";
import { cityOf, coResidentCountOf, initialsOf, type DeclarationStanding, type LookupCount, type Verification } from "./verification";

/**
 * A landlord's lookup of a well-formed code (docs/decisions/089). The same statements run whether
 * the code exists or not, and both write one commit (the code's count, and the day's tally of
 * lookups found and missed): an unknown code costs the database what a known one does, so the
 * answer's time does not say which it was (scripts/bench-verify.ts measures it). The counts keep
 * nothing about who asked.
 */
export async function verifyDeclaration(db: AppDatabase, code: string, now: Date): Promise<Verification> {
  await db.transaction().execute(async (trx) => {
    const counted = await trx
      .updateTable("declaration_codes")
      .set((eb) => ({ lookup_count: eb("lookup_count", "+", 1), last_lookup_at: now.toISOString() }))
      .where("code", "=", code)
      .executeTakeFirst();
    // Every lookup writes here, found or not: the commit, the dearest part, is the same for both.
    const column = Number(counted.numUpdatedRows) > 0 ? "found" : "missed";
    await trx
      .insertInto("declaration_lookup_days")
      .values({ day: warsawDay(now), [column]: 1 })
      .onConflict((conflict) => conflict.column("day").doUpdateSet((eb) => ({ [column]: eb(`declaration_lookup_days.${column}`, "+", 1) })))
      .execute();
  });
  const row = await db
    .selectFrom("declaration_codes")
    .innerJoin("orders", "orders.id", "declaration_codes.order_id")
    .select([
      "declaration_codes.issued_at",
      "declaration_codes.replaced_at",
      "orders.number",
      "orders.status",
      "orders.declaration_type",
      "orders.tenant_name",
      "orders.co_residents",
      "orders.property_city",
      "orders.property_address",
      "orders.cancelled_at",
      "orders.withdrawn_at",
      "orders.anonymised_at",
    ])
    .where("declaration_codes.code", "=", code)
    .executeTakeFirst();
  // A declaration exists once the order is paid; an erased order's data is no longer there to vouch for.
  if (!row || row.status === "awaiting_payment" || row.anonymised_at) return { found: false };
  return {
    found: true,
    standing: standingOf(row, now),
    facts: {
      type: row.declaration_type,
      issuedOn: warsawDay(new Date(row.issued_at)),
      orderNumber: row.number,
      initials: initialsOf(row.tenant_name),
      coResidents: coResidentCountOf(row),
      city: cityOf(row),
    },
  };
}

/**
 * A withdrawal ends the contract whatever the status says; a cancellation, when there was none. Either
 * voids every declaration of the order; otherwise a replaced one says since when a newer one exists.
 */
function standingOf(
  row: { status: string; cancelled_at: string | null; withdrawn_at: string | null; replaced_at: string | null },
  now: Date,
): DeclarationStanding {
  if (row.withdrawn_at) return { state: "withdrawn", on: warsawDay(new Date(row.withdrawn_at)) };
  if (row.status === "cancelled") return { state: "cancelled", on: warsawDay(row.cancelled_at ? new Date(row.cancelled_at) : now) };
  if (row.replaced_at) return { state: "replaced", on: warsawDay(new Date(row.replaced_at)) };
  return { state: "valid" };
}

export async function lookupCountOf(db: AppDatabase, orderId: number): Promise<LookupCount> {
  const row = await db
    .selectFrom("declaration_codes")
    .select((eb) => [eb.fn.sum<number | string>("lookup_count").as("count"), eb.fn.max("last_lookup_at").as("lastAt")])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), lastAt: row?.lastAt ?? null };
}
