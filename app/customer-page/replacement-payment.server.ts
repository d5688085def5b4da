import type { AppDatabase } from "~/db/db.server";
import { formatCalendarDate } from "~/i18n/date-format";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { formatPrice } from "~/i18n/money";
import { awaitingCharge } from "~/order/replacement-charge.server";
import type { OnlinePaymentView } from "~/payments/payment-page.server";
import type { PayableCharge } from "~/payments/start.server";

/**
 * What the order page says about a replacement declaration awaiting the customer's online payment
 * (docs/decisions/094): the new flat it is for, the amount, and the online payment's state. Null when
 * none waits, or when online payment is off (the operator asks only with it on; the e-mail says how).
 */
export type CustomerReplacementPayment = {
  amount: string;
  owner: string;
  address: string;
  declaredOn: string;
  online: OnlinePaymentView;
} | null;

/** The order's replacement awaiting payment, as the payment page's start and view take it. */
export async function payableChargeOf(db: AppDatabase, order: { id: number; status: string }): Promise<PayableCharge | null> {
  if (order.status !== "dispatched") return null;
  const charge = await awaitingCharge(db, order.id);
  return charge ? { id: charge.id, priceGrosze: charge.price_grosze } : null;
}

export async function customerReplacementPaymentOf(
  db: AppDatabase,
  charge: PayableCharge | null,
  online: OnlinePaymentView | null,
  locale: Locale,
): Promise<CustomerReplacementPayment> {
  if (!charge || !online) return null;
  // Read again: the view may just have settled it (a lost notification, or the customer back from the gateway).
  const row = await db.selectFrom("replacement_charges").selectAll().where("id", "=", charge.id).executeTakeFirst();
  if (!row || row.state !== "awaiting_payment") return null;
  return {
    amount: formatPrice(row.price_grosze, locale),
    owner: row.owner_name,
    address: row.flat_address,
    declaredOn: formatCalendarDate(row.declared_on, LOCALE_TAGS[locale]),
    online,
  };
}
