import { randomUUID } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import type { ZodError } from "zod";
import type { AppDatabase } from "~/db/db.server";
import { isPassingDatabaseFailure } from "~/db/passing-failure.server";
import { getFixedT } from "~/i18n/i18n.server";
import { isLocale, type Locale } from "~/i18n/locales";
import { BodyTooLargeError, readBodyLimited } from "~/security/body.server";
import { jsonResponse } from "~/security/responses.server";
import { ContractView, type Translate } from "~/order/contract";
import { acceptOrder, buildAgreement, holdsSameOrder, invoiceAskedWithOrder, paymentPath } from "~/order/order.server";
import { apiSchema, isMessageKey, type OrderStage } from "~/order/schema";
import { errorFields, log } from "~/log/log.server";

/**
 * POST /api/preview and POST /api/accept, with the old site's Polish field names, which partners' integrations send.
 * Same schema and service as the forms. Bad input always gets a 4xx JSON answer
 * `{ success: false, error, fieldErrors? }`, never a 500. Messages are Polish unless the
 * body asks for another language with `jezyk`.
 */
/** API clients send JSON; a form or text/plain body (what another site's form can send) is refused. */
function isJson(request: Request): boolean {
  return /^application\/json\b/i.test(request.headers.get("content-type") ?? "");
}

function fieldErrors(error: ZodError, t: Translate): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "body";
    // Only our own message keys are translated: a library's default text may repeat what the client sent.
    result[field] ??= t(isMessageKey(issue.message) ? issue.message : "api.invalid");
  }
  return result;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export type OrderApiContext = {
  db: AppDatabase;
  now?: Date;
  /** Called when an order was written, so its e-mails go out at once. */
  onOrderCreated?: () => void;
};

export async function handleOrderApi(request: Request, stage: OrderStage, context: OrderApiContext): Promise<Response> {
  let t: Translate = await getFixedT("pl", "order");
  if (request.method !== "POST") return jsonResponse({ success: false, error: t("api.method") }, 405, { Allow: "POST" });

  let raw: Uint8Array;
  try {
    raw = await readBodyLimited(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return jsonResponse({ success: false, error: t("api.tooLarge") }, 413);
    throw error;
  }
  if (!isJson(request)) return jsonResponse({ success: false, error: t("api.contentType") }, 415);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: false }).decode(raw));
  } catch {
    return jsonResponse({ success: false, error: t("api.invalidJson") }, 400);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return jsonResponse({ success: false, error: t("api.invalidJson") }, 400);

  const requested = (body as { jezyk?: unknown }).jezyk;
  const locale: Locale = isLocale(requested) ? requested : "pl";
  t = await getFixedT(locale, "order");

  const parsed = apiSchema(stage).safeParse(body);
  if (!parsed.success) return jsonResponse({ success: false, error: t("api.invalid"), fieldErrors: fieldErrors(parsed.error, t) }, 400);
  const details = parsed.data;
  const now = context.now ?? new Date();

  if (stage === "details") {
    const { document } = await buildAgreement(details, locale, now);
    const html = renderToStaticMarkup(<ContractView document={document} locale={locale} titleLevel={3} />);
    return jsonResponse({ success: true, html });
  }

  const headerKey = request.headers.get("idempotency-key");
  if (headerKey !== null && !IDEMPOTENCY_KEY.test(headerKey)) return jsonResponse({ success: false, error: t("api.idempotencyKey") }, 400);
  try {
    const { order, created } = await acceptOrder(context.db, {
      details,
      variant: details.rentalPeriodDays === null ? "standard" : "automatic",
      channel: "api",
      locale,
      // Namespaced so an API key can never collide with a form's preview token.
      idempotencyKey: `api:${headerKey ?? randomUUID()}`,
      dataProcessingConsentAt: now,
      now,
    });
    if (!created && !holdsSameOrder(order, await invoiceAskedWithOrder(context.db, order.id), details, locale))
      return jsonResponse({ success: false, error: t("api.idempotencyConflict") }, 422);
    if (created) context.onOrderCreated?.();
    return jsonResponse(
      { success: true, error: null, payment_url: paymentPath(order), order_number: order.number },
      created ? 201 : 200,
      created ? {} : { "Idempotent-Replayed": "true" },
    );
  } catch (error) {
    log.error(errorFields(error), "order API: could not save the order");
    // Retry-After only for a failure that passes: a client would otherwise retry for ever.
    if (isPassingDatabaseFailure(error))
      return jsonResponse({ success: false, error: t("errors.unavailable") }, 503, { "Retry-After": "5" });
    return jsonResponse({ success: false, error: t("api.internal") }, 500);
  }
}
