import { env, transitDaysOf } from "~/config/env.server";
import { formatPrice } from "~/i18n/money";
import { handedToCarrier } from "~/shipping/carrier";
import { orderLocker, type OrderLocker } from "~/order/delivery";
import { formatCalendarDate, formatDeliveryDay } from "~/i18n/date-format";
import { trackingLinkOf, trackingTemplateFor } from "~/order/parcel-tracking";
import type { AppDatabase } from "~/db/db.server";
import type { OrderRow, WithdrawalDecision } from "~/db/schema";
import { fixedT } from "~/i18n/i18n.server";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import { dispatchDatesOf, dispatchDatesOfTypes, type DispatchDates } from "~/order/delivery-promise.server";
import { lateDelivery, type LateDelivery } from "~/order/delivery-warning";
import { paymentDeadline } from "~/order/payment-deadline.server";
import { isPaymentToken } from "~/order/payment-token";
import { deliveryDates, warsawDay, withdrawalPeriodEnd } from "~/order/delivery-dates.server";
import { receivedAtText } from "~/order/receipt-time.server";
import { refundDueBy } from "~/withdrawal/withdrawal.server";
import { retainedReasonText } from "~/order/retained-reason";
import { refundAfterDecision } from "~/order/lifecycle/refund-ceiling.server";
import { addressGivenAtOf, awaitsAddress } from "~/order/address-later";

/** A matched withdrawal as the customer's page shows it (CustomerPageView.withdrawn). */
export type WithdrawnView = {
  receivedAt: string;
  refundBy: string;
  decision: WithdrawalDecision | null;
  /** The amount kept (formatted in `amount`) and its reason. */
  retained: { grosze: number; amount: string; reason: string } | null;
};

/** What the customer page may show: no personal data, only what the transfer and the next steps need. */
export type CustomerPageView = {
  number: string;
  status: OrderRow["status"];
  declarationType: OrderRow["declaration_type"];
  deliveryMethod: OrderRow["delivery_method"];
  priceGrosze: number;
  /** The last day to pay, formatted for the reader. */
  deadline: string;
  /** The day the deadline moved from (a Saturday, Sunday or holiday), formatted; null when it did not move. */
  deadlineMovedFrom: string | null;
  deadlineDays: number;
  immediatePerformanceRequested: boolean;
  /**
   * The withdrawal period's last day, formatted with its weekday (`endsOn`) and as a date with its year (`lastDay`),
   * and whether it is over: known for every order, paid or not.
   */
  withdrawal: { endsOn: string; lastDay: string; over: boolean };
  /** An order placed before the flat was found, still without the flat's address (docs/decisions/091): no promise until it is given. */
  addressPending: boolean;
  /** When the declaration goes out if the payment is booked today (only while unpaid, and not while the flat's address is missing). */
  dispatchIfPaidToday: DispatchDates | null;
  /** YYYY-MM-DD, the lease start the customer gave (the standard form only). */
  startDate: string | null;
  /** Set while unpaid when, paid today, the courier or the parcel locker would bring the declaration after the lease starts. */
  lateDelivery: LateDelivery | null;
  /** Once paid: the promised dispatch and delivery days, from the payment's day and the choice made. */
  promise: { dispatchBy: string; deliveredBy: string } | null;
  /** The parcel locker the customer chose, as the Points API described it when they ordered; null for the courier. */
  locker: OrderLocker | null;
  /** InPost has the shipment and its label, not yet the parcel: "przygotowana do nadania" until it does (docs/decisions/066). */
  shipmentPrepared: boolean;
  /** The courier's shipment, once the operator has dispatched the order; `trackingUrl` its tracking page (COURIER_TRACKING_URL). */
  shipment: { trackingNumber: string; courier: string | null; trackingUrl: string | null } | null;
  /**
   * A cancelled order's money: returned (how much, and the day, written for the reader), or
   * still to be returned (paid, not yet given back).
   */
  refund: { grosze: number; amount: string; returnedOn: string | null } | null;
  /** The day the operator dispatched it, formatted. */
  dispatchedOn: string | null;
  /** The day the carrier delivered it (InPost's tracking reports it), formatted; null while unknown. */
  deliveredOn: string | null;
  /**
   * A matched withdrawal statement: when it was received, the refund's last day (14 days later, art. 32 ust. 1),
   * and the operator's decision: the right had expired (art. 38 ust. 1 pkt 1), so nothing goes back; or an amount
   * kept for the service performed (art. 35), with its reason in the reader's language or as the operator wrote it.
   */
  withdrawn: WithdrawnView | null;
  /** Whether the money came in (a withdrawal or a cancellation then means money to give back). */
  paid: boolean;
};

export async function findCustomerPageView(
  db: AppDatabase,
  paymentToken: string,
  locale: Locale,
  now: Date = new Date(),
): Promise<CustomerPageView | null> {
  if (!isPaymentToken(paymentToken)) return null;
  const row = await db
    .selectFrom("orders")
    .select([
      "number",
      "status",
      "declaration_type",
      "delivery_method",
      "price_grosze",
      "created_at",
      "immediate_performance_consent_at",
      "tracking_number",
      "courier",
      "start_date",
      "paid_at",
      "received_grosze",
      "refunded_grosze",
      "refunded_at",
      "dispatched_at",
      "withdrawn_at",
      "withdrawal_decision",
      "withdrawal_retained_grosze",
      "withdrawal_decision_reason",
      "withdrawal_decision_reason_code",
      "delivered_at",
      "shipment_id",
      "shipment_status",
      "locker_name",
      "locker_address",
      "locker_description",
      "locker_open_247",
      "address_pending",
      "address_given_at",
    ])
    .where("payment_token", "=", paymentToken)
    .executeTakeFirst();
  if (!row) return null;
  const orderedAt = new Date(row.created_at);
  const paymentDue = paymentDeadline(orderedAt, env.PAYMENT_DEADLINE_DAYS);
  const tag = LOCALE_TAGS[locale];
  const earlyStart = row.immediate_performance_consent_at !== null;
  const unpaid = row.status === "awaiting_payment";
  const late = () => {
    return lateDelivery(dispatchDatesOfTypes(orderedAt, now, locale, row.delivery_method), {
      type: row.declaration_type,
      startDate: row.start_date,
      earlyStart,
    });
  };
  // An order waiting for its flat's address has no promise yet: it counts from the day the address is given.
  const addressPending = awaitsAddress(row);
  const promised =
    row.status === "paid" && row.paid_at && !addressPending
      ? deliveryDates(row.declaration_type, {
          paidAt: new Date(row.paid_at),
          orderedAt,
          earlyStart,
          transitDays: transitDaysOf(row.delivery_method),
          addressGivenAt: addressGivenAtOf(row),
        })
      : null;
  return {
    number: row.number,
    status: row.status,
    declarationType: row.declaration_type,
    deliveryMethod: row.delivery_method,
    priceGrosze: row.price_grosze,
    deadline: formatDeliveryDay(paymentDue.day, tag),
    deadlineMovedFrom: paymentDue.movedFrom ? formatDeliveryDay(paymentDue.movedFrom, tag) : null,
    deadlineDays: env.PAYMENT_DEADLINE_DAYS,
    immediatePerformanceRequested: row.immediate_performance_consent_at !== null,
    withdrawal: {
      endsOn: formatDeliveryDay(withdrawalPeriodEnd(orderedAt), tag),
      lastDay: formatCalendarDate(warsawDay(withdrawalPeriodEnd(orderedAt)), tag),
      over: warsawDay(withdrawalPeriodEnd(orderedAt)) < warsawDay(now),
    },
    addressPending,
    dispatchIfPaidToday:
      unpaid && !addressPending ? dispatchDatesOf(row.declaration_type, orderedAt, now, locale, row.delivery_method) : null,
    startDate: row.start_date,
    lateDelivery: unpaid && row.start_date ? late() : null,
    promise: promised
      ? { dispatchBy: formatDeliveryDay(promised.dispatchBy, tag), deliveredBy: formatDeliveryDay(promised.deliveredBy, tag) }
      : null,
    locker: orderLocker(row),
    shipmentPrepared:
      row.status === "paid" && row.shipment_id !== null && row.tracking_number !== null && !handedToCarrier(row.shipment_status ?? ""),
    shipment:
      row.status === "dispatched" && row.tracking_number
        ? {
            trackingNumber: row.tracking_number,
            courier: row.courier,
            trackingUrl: trackingLinkOf(trackingTemplateFor(row.courier, env.COURIER_TRACKING_URL), row.tracking_number)?.url ?? null,
          }
        : null,
    refund: row.status === "cancelled" || row.withdrawn_at ? refundOf(row, locale) : null,
    dispatchedOn: row.dispatched_at ? formatDeliveryDay(new Date(row.dispatched_at), tag) : null,
    deliveredOn: row.delivered_at ? formatDeliveryDay(new Date(row.delivered_at), tag) : null,
    withdrawn: row.withdrawn_at
      ? {
          receivedAt: await receivedAtText(row.withdrawn_at, locale),
          refundBy: formatDeliveryDay(refundDueBy(row.withdrawn_at), tag),
          decision: row.withdrawal_decision,
          retained:
            row.withdrawal_decision === "partial" && row.withdrawal_retained_grosze
              ? {
                  grosze: row.withdrawal_retained_grosze,
                  amount: formatPrice(row.withdrawal_retained_grosze, locale),
                  reason: retainedReasonText(row, fixedT(locale, "payment")),
                }
              : null,
        }
      : null,
    paid: row.paid_at !== null,
  };
}

/**
 * The money returned, or still to return: after a withdrawal whose right had expired nothing is due,
 * and after one that kept an amount for work done (art. 35) what is due is the rest.
 */
function refundOf(
  row: Pick<
    OrderRow,
    | "paid_at"
    | "price_grosze"
    | "received_grosze"
    | "refunded_grosze"
    | "refunded_at"
    | "withdrawal_decision"
    | "withdrawal_retained_grosze"
  >,
  locale: Locale,
): CustomerPageView["refund"] {
  const amount = (grosze: number) => ({ grosze, amount: formatPrice(grosze, locale) });
  if (row.refunded_at && row.refunded_grosze)
    return { ...amount(row.refunded_grosze), returnedOn: formatCalendarDate(warsawDay(new Date(row.refunded_at)), LOCALE_TAGS[locale]) };
  if (!row.paid_at || row.withdrawal_decision === "expired") return null;
  return { ...amount(refundAfterDecision(row)?.refundGrosze ?? row.received_grosze ?? row.price_grosze), returnedOn: null };
}
