import type { AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { substituteFlat } from "~/config/env.server";
import { declarationSections } from "~/documents/declaration.server";
import { formatCalendarDate } from "~/i18n/date-format";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { warsawDay } from "~/order/delivery-dates.server";
import { isPaymentToken } from "~/order/payment-token";
import { checkPropertyAddress, giveAddress, mayGiveAddress, type TypedAddress } from "~/order/address-later.server";

/*
 * The order page's "Podaj adres mieszkania" (docs/decisions/091): what the panel shows, and its two posts. The address
 * is checked and stored by the order core (app/order/address-later.server.ts); the declaration's text comes from the
 * PDF's own sections, so the customer checks the words the owner will sign.
 */

/** The declaration's text with the typed address, as the PDF will print it (always Polish), for the customer to check. */
function declarationPreview(order: OrderRow, line: string): NonNullable<AddressAnswer["preview"]> {
  const { title, sections } = declarationSections({ ...order, property_address: line }, substituteFlat);
  return { title, sections: sections.map(({ heading, paragraphs }) => ({ ...(heading ? { heading } : {}), paragraphs })) };
}

/** What the order page's "Podaj adres mieszkania" panel shows (app/customer-page/AddressLaterPanel.tsx); null for other orders. */
export type AddressLaterView =
  /** Ordered without the address, not paid yet: the address is given here once the money is in. */
  | { state: "unpaid" }
  | { state: "needed" }
  /** Given: the address as stored, and the day (formatted for the reader). */
  | { state: "given"; address: string; givenOn: string };

export async function addressLaterViewOf(db: AppDatabase, token: string, locale: Locale): Promise<AddressLaterView | null> {
  if (!isPaymentToken(token)) return null;
  const order = await db
    .selectFrom("orders")
    .select(["id", "status", "withdrawn_at", "anonymised_at", "address_pending", "address_given_at", "property_address"])
    .where("payment_token", "=", token)
    .executeTakeFirst();
  if (!order) return null;
  if (order.address_given_at)
    return {
      state: "given",
      address: order.property_address,
      givenOn: formatCalendarDate(warsawDay(new Date(order.address_given_at)), LOCALE_TAGS[locale]),
    };
  if (order.address_pending !== 1 || order.withdrawn_at || order.anonymised_at) return null;
  if (order.status === "awaiting_payment") return { state: "unpaid" };
  return mayGiveAddress(order) ? { state: "needed" } : null;
}

/** The panel's answer to a post: the form again (with the reasons) or the declaration's text to confirm. */
export type AddressAnswer = {
  step: "form" | "preview";
  typed: TypedAddress;
  /** Each field's message, in the page's language. */
  errors: Partial<Record<keyof TypedAddress, string>>;
  /** A message about the whole form (over the limit, already given). */
  formError: string | null;
  preview: { title: string; sections: { heading?: string; paragraphs: string[] }[] } | null;
};

export type AddressPostOutcome =
  { kind: "answer"; status: 200 | 400 | 409 | 429; answer: AddressAnswer } | { kind: "stored" } | { kind: "not-found" };

/**
 * The panel's post (`intent=address`): `step=preview` checks the typed address with the order form's rules and shows the
 * declaration's text with it; `step=edit` shows the form again as typed; `step=confirm` checks it again and stores it.
 * Bad input comes back with status 400 and everything as typed; nothing is stored before "Potwierdź adres".
 */
export async function postAddress(
  db: AppDatabase,
  token: string,
  form: FormData,
  context: { t: (key: string, options?: Record<string, unknown>) => string; now: Date; retryAfterSeconds: number | null },
): Promise<AddressPostOutcome> {
  const { t } = context;
  const check = checkPropertyAddress(form);
  const answer = (status: 200 | 400 | 409 | 429, part: Partial<AddressAnswer>): AddressPostOutcome => ({
    kind: "answer",
    status,
    answer: { step: "form", typed: check.typed, errors: {}, formError: null, preview: null, ...part },
  });
  const order = isPaymentToken(token)
    ? await db.selectFrom("orders").selectAll().where("payment_token", "=", token).executeTakeFirst()
    : undefined;
  if (!order) return { kind: "not-found" };
  if (!mayGiveAddress(order)) return answer(409, { formError: t("addressLater.notAwaiting") });
  if (context.retryAfterSeconds !== null)
    return answer(429, { formError: t("error:tooMany.text", { seconds: context.retryAfterSeconds }) });
  const step = form.get("step");
  if (step === "edit") return answer(200, {});
  if (!check.ok) {
    const errors = Object.fromEntries(Object.entries(check.errors).map(([name, key]) => [name, t(key)]));
    return answer(400, { errors });
  }
  if (step !== "confirm") return answer(200, { step: "preview", preview: declarationPreview(order, check.line) });
  const stored = await giveAddress(db, order.id, check, context.now);
  return stored.ok ? { kind: "stored" } : answer(409, { formError: t("addressLater.notAwaiting") });
}
