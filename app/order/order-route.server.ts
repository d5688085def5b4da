import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { localeOf } from "~/i18n/i18n.server";
import { acceptOrder, findOrderByIdempotencyKey, paymentPath, previewOrder } from "./order.server";
import { formFieldNames, orderFormSchema } from "./schema";
import { verifyOrderToken } from "./token.server";
import type { OrderVariant } from "./variants";
import { reportCheckoutFromUrl, reportEvent } from "~/tracking/events.server";
import { checkoutTypeOf, newEventId, productEventData, purchaseEventId } from "~/tracking/events";
import type { PixelEvent } from "~/tracking/use-pixel-event";
import type { AcceptedState, FormState, OrderLoaderData, PreviewState } from "./view-state";

/**
 * Loader and action of both order pages (variant 1 and 2 differ only by the variant
 * object). Without JavaScript every step is a plain POST answered with HTML; with
 * JavaScript the same action answers the enhanced form (`enhanced=1`) with data.
 * Invalid input is thrown as a 400 response: the route's ErrorBoundary renders the form
 * again from it, and the title gets "Error:" (app/i18n/seo.ts).
 */
export function orderLoader(request: Request): OrderLoaderData {
  // Pricing cards link here with ?type=regular|notarized: it preselects the type and is an
  // InitiateCheckout (reported only with consent). Anything else is ignored. The forms post
  // to the bare path, so the loaders that run after an action do not report it again.
  reportCheckoutFromUrl(request);
  return { defaultType: checkoutTypeOf(new URL(request.url).searchParams) ?? "regular" };
}

async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    // A body that is not a form is treated as an empty form: it fails validation with 400.
    return new FormData();
  }
}

/** The posted values of the form's own fields, as text, to fill the form or the hidden fields again. */
function postedValues(formData: FormData, variant: OrderVariant): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of formFieldNames(variant)) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 4000);
  }
  return values;
}

function formError(state: FormState): never {
  throw json(state, { status: 400 });
}

export async function orderAction(request: Request, variant: OrderVariant) {
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const enhanced = formData.get("enhanced") === "1";
  const values = postedValues(formData, variant);
  const now = new Date();

  if (intent === "edit") return json<FormState>({ stage: "form", values });

  const details = parseWithZod(formData, { schema: orderFormSchema(variant, "details") });
  if (intent !== "accept") {
    if (details.status !== "success") formError({ stage: "form", values, reply: details.reply(), formErrorKey: "errors.previewFailed" });
    const { token } = previewOrder(now);
    const lead = { name: "Lead" as const, eventId: newEventId(), data: productEventData(details.value.declarationType) };
    reportEvent(request, { name: "Lead", eventId: lead.eventId, product: details.value.declarationType, email: details.value.email, phone: details.value.phone });
    return json<PreviewState>({ stage: "preview", values, details: details.value, token, date: now.toISOString(), lead });
  }

  const token = formData.get("token");
  const check = verifyOrderToken(token, now);
  const accepted = async (paymentUrl: string, purchase?: PixelEvent) => (enhanced ? json<AcceptedState>({ stage: "accepted", paymentUrl, purchase }) : redirect(paymentUrl, 303));

  // A replay of a spent token (double click, back and resubmit) goes to the order it made.
  if (check.ok && typeof token === "string") {
    const existing = await findOrderByIdempotencyKey(getDb(), token);
    if (existing) return accepted(paymentPath(existing));
  }
  // The hidden fields came back changed and invalid: back to the form with the messages.
  if (details.status !== "success") formError({ stage: "form", values, reply: details.reply(), formErrorKey: "errors.previewFailed" });

  const preview = (extra: Partial<PreviewState>): PreviewState => ({ stage: "preview", values, details: details.value, token: String(token), date: now.toISOString(), ...extra });
  if (!check.ok || check.expired) {
    // Issue a fresh token so the visitor can order from this page after reading the message.
    throw json(preview({ token: previewOrder(now).token, formErrorKey: "errors.token" }), { status: 400 });
  }
  const full = parseWithZod(formData, { schema: orderFormSchema(variant, "accept") });
  if (full.status !== "success") throw json(preview({ errors: full.error ?? {} }), { status: 400 });

  const { order, created } = await acceptOrder(getDb(), {
    details: full.value,
    variant: variant.id,
    channel: "form",
    locale: localeOf(request),
    idempotencyKey: token as string,
    dataProcessingConsentAt: check.issuedAt,
    now,
  });
  // One Purchase per order: a replayed accept finds the order and reports nothing.
  if (!created) return accepted(paymentPath(order));
  const purchase: PixelEvent = { name: "Purchase", eventId: purchaseEventId(order.number), data: productEventData(order.declaration_type) };
  reportEvent(request, { name: "Purchase", eventId: purchase.eventId, product: order.declaration_type, email: order.email, phone: order.phone });
  return accepted(paymentPath(order), purchase);
}
