import { substituteFlat } from "~/config/env.server";
import type { AppDatabase } from "~/db/db.server";
import { formatCalendarDate } from "~/i18n/date-format";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { formatCode } from "~/order/declaration-code";
import { warsawDay } from "~/order/delivery-dates.server";
import { flatOfDeclaration } from "~/order/replacement.server";

/** One declaration as the customer's page lists it (docs/decisions/092): its day, code, flat, and since when it is replaced. */
export type CustomerDeclaration = {
  code: string;
  issuedOn: string;
  /** Formatted; null while it is the current one. */
  replacedOn: string | null;
  flat: { owner: string; address: string };
};

/**
 * What the order page says about the declarations: shown once the order is dispatched (a declaration
 * the customer holds), with the 21 days' rule and how to ask for a replacement; an order not dispatched,
 * withdrawn from or erased has none to show. `notarized`: a new owner's signature is certified again.
 */
export type CustomerDeclarations = { items: CustomerDeclaration[]; notarized: boolean } | null;

export async function customerDeclarationsOf(db: AppDatabase, token: string, locale: Locale): Promise<CustomerDeclarations> {
  const order = await db
    .selectFrom("orders")
    .select(["id", "status", "declaration_type", "withdrawn_at", "anonymised_at"])
    .where("payment_token", "=", token)
    .executeTakeFirst();
  if (!order || order.status !== "dispatched" || order.withdrawn_at || order.anonymised_at) return null;
  const rows = await db.selectFrom("declaration_codes").selectAll().where("order_id", "=", order.id).orderBy("id").execute();
  const day = (iso: string) => formatCalendarDate(warsawDay(new Date(iso)), LOCALE_TAGS[locale]);
  return {
    notarized: order.declaration_type === "notarized",
    items: rows.map((row) => {
      const flat = flatOfDeclaration(row, substituteFlat);
      return {
        code: formatCode(row.code),
        issuedOn: row.declared_on ? formatCalendarDate(row.declared_on, LOCALE_TAGS[locale]) : day(row.issued_at),
        replacedOn: row.replaced_at ? day(row.replaced_at) : null,
        flat: { owner: flat.owner, address: flat.address },
      };
    }),
  };
}
