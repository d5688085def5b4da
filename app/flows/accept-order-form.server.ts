import { parseWithZod } from "@conform-to/zod";
import type { AppDatabase } from "~/db/db.server";
import { isPassingDatabaseFailure } from "~/db/passing-failure.server";
import { BodyTooLargeError, FormShapeError, readFormDataLimited } from "~/security/body.server";
import { honeypotTripped } from "~/forms/honeypot";
import { jsFlagIsOn } from "~/forms/js-flag";
import type { Locale } from "~/i18n/locales";
import { newEventId, purchaseEventId, type PixelEvent } from "~/tracking/events";
import { productEventData } from "~/tracking/product-event-data";
import type { ServerEvent } from "~/tracking/events.server";
import { acceptOrder, buildAgreement, findOrderByIdempotencyKey, paymentPath, previewOrder } from "~/order/order.server";
import { previewTokenOfSameOrder } from "~/order/placed-order.server";
import { verifyOrderToken } from "~/order/preview-token.server";
import { dispatchDatesIfPaidToday } from "~/order/delivery-promise.server";
import { formFieldNames } from "~/order/form-fields";
import { orderFormSchema } from "~/order/schema";
import type { OrderVariant } from "~/order/variants";
import type { FormState, PreviewState } from "~/order/view-state";
import type { LockerDirectory } from "~/shipping/carrier";
import { DELIVERY_FIELDS, LOCKERS_INTENT } from "~/order/delivery";
import { checkedDelivery, searchLockers } from "~/shipping/lockers.server";
import { DELIVERY_MESSAGES } from "~/order/delivery-schema";

/**
 * What the order pages' action decided, as plain data. The route module turns it into
 * HTTP: `show` is a 200 page, `invalid` a thrown 400 (the route's ErrorBoundary renders
 * the form or preview again from it), `accepted` a 303 to the payment page, or data for
 * the page with JavaScript, which shows the toast and then redirects.
 */
export type OrderOutcome =
  | { kind: "show"; state: FormState | PreviewState }
  | { kind: "invalid"; state: FormState | PreviewState }
  /** The order could not be written now (the database stayed locked): the preview again, with a message. */
  | { kind: "unavailable"; state: PreviewState }
  /** A body over the limit: nothing of it was used. */
  | { kind: "tooLarge" }
  /** A bot filled the honeypot: it gets an ordinary-looking answer, and nothing is written or reported. */
  | { kind: "decoy" }
  | { kind: "accepted"; paymentUrl: string; paymentToken: string; purchase?: PixelEvent; jsOn: boolean };

export type OrderActionContext = {
  variant: OrderVariant;
  locale: Locale;
  db: AppDatabase;
  /** Reports a marketing event (the server's Conversions API); it checks consent itself. */
  report: (request: Request, event: ServerEvent) => void;
  /** The payment token of the order this browser placed last (the route keeps it in a cookie), if any. */
  placedOrderToken?: string | null;
  /** InPost's parcel lockers, when the form offers them (docs/decisions/048); without them, courier only. */
  lockers?: LockerDirectory | null;
  now?: Date;
};

/** The posted values of the form's own fields, as text, to fill the form or the hidden fields again. */
function postedValues(formData: FormData, variant: OrderVariant): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of [...formFieldNames(variant), ...DELIVERY_FIELDS]) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 4000);
  }
  return values;
}

/**
 * Both order pages' steps: `preview` (validate, issue the one-time token, store nothing),
 * `edit` (back to the form with every value) and `accept` (validate again, write the order
 * once per token). Without JavaScript every step is a plain POST answered with HTML.
 */
export async function handleOrderForm(request: Request, context: OrderActionContext): Promise<OrderOutcome> {
  const outcome = await decideOrderStep(request, context);
  if (outcome.kind !== "invalid" && outcome.kind !== "unavailable" && outcome.kind !== "show") return outcome;
  const lockersOffered = Boolean(context.lockers);
  if (outcome.kind === "show") return lockersOffered ? { ...outcome, state: { ...outcome.state, lockersOffered } } : outcome;
  return {
    ...outcome,
    state: {
      ...outcome.state,
      dispatchDates: dispatchDatesIfPaidToday(context.locale, context.now),
      ...(lockersOffered ? { lockersOffered } : {}),
    },
  } as OrderOutcome;
}

async function decideOrderStep(request: Request, context: OrderActionContext): Promise<OrderOutcome> {
  const { variant, locale, db, report } = context;
  const now = context.now ?? new Date();
  let formData: FormData;
  try {
    // A body that is not a form reads as an empty form: it fails validation with 400.
    formData = await readFormDataLimited(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { kind: "tooLarge" };
    // Nothing of it is read: the empty form again, with a message that says why.
    if (error instanceof FormShapeError) return { kind: "invalid", state: { stage: "form", values: {}, formErrorKey: "errors.formShape" } };
    throw error;
  }
  if (honeypotTripped(formData)) return { kind: "decoy" };
  const intent = formData.get("intent");
  const values = postedValues(formData, variant);

  if (intent === "edit") return { kind: "show", state: { stage: "form", values } };
  // "Pokaż paczkomaty": the same form, every value kept, with the lockers near the typed place.
  if (intent === LOCKERS_INTENT && context.lockers)
    return { kind: "show", state: { stage: "form", values, lockers: await searchLockers(context.lockers, values.lockerQuery ?? "") } };

  const details = parseWithZod(formData, { schema: orderFormSchema(variant, "details") });
  const formError = (): OrderOutcome => ({ kind: "invalid", state: { stage: "form", values, reply: details.reply() } });
  if (details.status === "success") {
    const delivery = await checkedDelivery(context.lockers ?? null, details.value.delivery);
    if (!delivery.ok)
      return {
        kind: "invalid",
        state: { stage: "form", values, reply: details.reply({ fieldErrors: { lockerName: [DELIVERY_MESSAGES.lockerUnknown] } }) },
      };
    details.value.delivery = delivery.delivery;
  }

  if (intent !== "accept") {
    if (details.status !== "success") return formError();
    const lead: PixelEvent = { name: "Lead", eventId: newEventId(), data: productEventData(details.value.declarationType) };
    report(request, {
      name: "Lead",
      eventId: lead.eventId,
      product: details.value.declarationType,
      email: details.value.email,
      phone: details.value.phone,
    });
    const agreement = await buildAgreement(details.value, locale, now);
    const token = (await previewTokenOfSameOrder(db, context.placedOrderToken ?? null, details.value, locale)) ?? previewOrder(now).token;
    return { kind: "show", state: { stage: "preview", values, details: details.value, agreement, token, lead } };
  }

  const jsOn = jsFlagIsOn(formData);
  const token = formData.get("token");
  const check = verifyOrderToken(token, now);

  // A replay of a spent token (double click, back and resubmit) goes to the order it made.
  if (check.ok && typeof token === "string") {
    const existing = await findOrderByIdempotencyKey(db, token);
    if (existing) return { kind: "accepted", paymentUrl: paymentPath(existing), paymentToken: existing.payment_token, jsOn };
  }
  // The hidden fields came back changed and invalid: back to the form with the messages.
  if (details.status !== "success") return formError();

  const agreement = await buildAgreement(details.value, locale, now);
  const preview = (extra: Partial<PreviewState>): OrderOutcome => ({
    kind: "invalid",
    state: { stage: "preview", values, details: details.value, agreement, token: String(token), ...extra },
  });
  // A fresh token lets the visitor order from this page after reading the message.
  if (!check.ok || check.expired) return preview({ token: previewOrder(now).token, formErrorKey: "errors.token" });
  const full = parseWithZod(formData, { schema: orderFormSchema(variant, "accept") });
  if (full.status !== "success") return preview({ reply: full.reply() });

  let accepted: Awaited<ReturnType<typeof acceptOrder>>;
  try {
    accepted = await acceptOrder(db, {
      // The locker as checked above, with its address.
      details: { ...full.value, delivery: details.value.delivery },
      variant: variant.id,
      channel: "form",
      locale,
      idempotencyKey: token as string,
      dataProcessingConsentAt: check.issuedAt,
      now,
    });
  } catch (error) {
    if (!isPassingDatabaseFailure(error)) throw error;
    return {
      kind: "unavailable",
      state: { stage: "preview", values, details: details.value, agreement, token: String(token), formErrorKey: "errors.unavailable" },
    };
  }
  const { order, created } = accepted;
  // One Purchase per order: a replayed accept finds the order and reports nothing.
  if (!created) return { kind: "accepted", paymentUrl: paymentPath(order), paymentToken: order.payment_token, jsOn };
  const purchase: PixelEvent = { name: "Purchase", eventId: purchaseEventId(order.number), data: productEventData(order.declaration_type) };
  report(request, { name: "Purchase", eventId: purchase.eventId, product: order.declaration_type, email: order.email, phone: order.phone });
  return { kind: "accepted", paymentUrl: paymentPath(order), paymentToken: order.payment_token, purchase, jsOn };
}
