import { addressGivenAtOf, awaitsAddress, type AddressFacts } from "~/order/address-later";
import type { AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { isUniqueViolation } from "~/db/unique-violation";
import { isMultiLineText, isSingleLineText } from "~/forms/control-characters";
import { formatDeliveryDay } from "~/i18n/date-format";
import { LOCALE_TAGS, LOCALES, type Locale } from "~/i18n/locales";
import { formatPrice } from "~/i18n/money";
import { transitDaysOf } from "~/config/env.server";
import { deliveryDates } from "~/order/delivery-dates.server";
import { MESSAGES_TEXT } from "./admin-texts";
import { fillPlaceholders, type PlaceholderValues } from "./reply-placeholders";
import { bodyField, DELETE_INTENT, type TemplatesRefusal } from "./reply-template-form";

/** The operator's reply templates (docs/decisions/087): a title, and a text in each of the four languages. */
export type ReplyTemplate = { title: string; bodies: Record<Locale, string>; updatedAt: string };

export const TEMPLATE_TITLE_MAX = 100;
/** A template's text becomes an answer, which holds at most this many characters (the customer's message too). */
export const TEMPLATE_BODY_MAX = 2000;

const ERRORS = MESSAGES_TEXT.templates.errors;

/** Every template, by title; a template is the four rows of its title. */
export async function listTemplates(db: AppDatabase): Promise<ReplyTemplate[]> {
  const rows = await db.selectFrom("reply_templates").select(["title", "locale", "body", "updated_at"]).orderBy("title").execute();
  const templates = new Map<string, ReplyTemplate>();
  for (const row of rows) {
    const template = templates.get(row.title) ?? {
      title: row.title,
      bodies: { pl: "", en: "", uk: "", ru: "" },
      updatedAt: row.updated_at,
    };
    template.bodies[row.locale] = row.body;
    if (row.updated_at > template.updatedAt) template.updatedAt = row.updated_at;
    templates.set(row.title, template);
  }
  return [...templates.values()];
}

export async function findTemplate(db: AppDatabase, title: string): Promise<ReplyTemplate | null> {
  return (await listTemplates(db)).find((template) => template.title === title) ?? null;
}

export type TemplateForm =
  | { ok: true; template: Omit<ReplyTemplate, "updatedAt">; previousTitle: string | null }
  | { ok: false; errors: Record<string, string>; values: Record<string, string> };

/** The template form's fields: `title`, `body_pl` … `body_ru`, and `previous` (the title being changed; empty for a new one). */
export function templateFromForm(form: FormData): TemplateForm {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
  };
  const title = text("title").trim();
  const previous = text("previous").trim();
  const values: Record<string, string> = { title, previous };
  const errors: Record<string, string> = {};
  if (!title) errors.title = ERRORS.titleEmpty;
  else if (title.length > TEMPLATE_TITLE_MAX) errors.title = ERRORS.titleTooLong(TEMPLATE_TITLE_MAX);
  else if (!isSingleLineText(title)) errors.title = ERRORS.controlCharacters;
  const bodies = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    const field = bodyField(locale);
    const body = text(field).trim();
    values[field] = body;
    bodies[locale] = body;
    if (!body) errors[field] = ERRORS.bodyEmpty;
    else if (body.length > TEMPLATE_BODY_MAX) errors[field] = ERRORS.bodyTooLong(TEMPLATE_BODY_MAX);
    else if (!isMultiLineText(body)) errors[field] = ERRORS.controlCharacters;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, template: { title, bodies }, previousTitle: previous || null };
}

/** `taken`: another template has the title; `gone`: the template being changed was deleted or renamed meanwhile. */
export type SaveRefusal = "taken" | "gone";

/**
 * Adds a template, or replaces one (`previousTitle`) with its new title and texts, in one
 * transaction: two operators saving at once leave one whole template, never a mix of languages.
 */
export async function saveTemplate(
  db: AppDatabase,
  template: Omit<ReplyTemplate, "updatedAt">,
  previousTitle: string | null,
  now: Date,
): Promise<{ ok: true } | { ok: false; refusal: SaveRefusal }> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (previousTitle !== null) {
        const removed = await trx.deleteFrom("reply_templates").where("title", "=", previousTitle).executeTakeFirst();
        if (removed.numDeletedRows === 0n) return { ok: false as const, refusal: "gone" as const };
      }
      const updatedAt = now.toISOString();
      await trx
        .insertInto("reply_templates")
        .values(LOCALES.map((locale) => ({ title: template.title, locale, body: template.bodies[locale], updated_at: updatedAt })))
        .execute();
      return { ok: true as const };
    });
  } catch (error) {
    if (isUniqueViolation(error, "reply_templates", ["title", "locale"])) return { ok: false, refusal: "taken" };
    throw error;
  }
}

/** Deletes a template in every language; false when there was none of that title. */
export async function deleteTemplate(db: AppDatabase, title: string): Promise<boolean> {
  const result = await db.deleteFrom("reply_templates").where("title", "=", title).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** What the placeholders say for an order, in the thread's language: its number, its promised dispatch day, its price. */
export type OrderForPlaceholders = Pick<
  OrderRow,
  | "number"
  | "status"
  | "price_grosze"
  | "declaration_type"
  | "delivery_method"
  | "created_at"
  | "paid_at"
  | "immediate_performance_consent_at"
> &
  AddressFacts;

/**
 * {{termin}} is the day the declaration leaves at the latest, as the customer's page promises it: from
 * the payment once paid, or from today for an order still waiting for it (the answer says when it
 * goes if paid now). A cancelled order has no promise, so {{termin}} stays for the operator to replace.
 */
export function placeholderValuesOf(order: OrderForPlaceholders | null, locale: Locale, now: Date): PlaceholderValues {
  if (!order) return {};
  const values: PlaceholderValues = { numer: order.number, kwota: formatPrice(order.price_grosze, locale) };
  const paidAt = order.status === "awaiting_payment" ? now : order.paid_at && order.status !== "cancelled" ? new Date(order.paid_at) : null;
  // No promise while the flat's address is missing (docs/decisions/091): {{termin}} stays for the operator.
  if (paidAt && !awaitsAddress(order)) {
    const { dispatchBy } = deliveryDates(order.declaration_type, {
      paidAt,
      orderedAt: new Date(order.created_at),
      earlyStart: order.immediate_performance_consent_at !== null,
      transitDays: transitDaysOf(order.delivery_method),
      addressGivenAt: addressGivenAtOf(order),
    });
    values.termin = formatDeliveryDay(dispatchBy, LOCALE_TAGS[locale]);
  }
  return values;
}

/** The chosen template's text in the thread's language, its placeholders filled; null when there is no such template. */
export async function draftFromTemplate(db: AppDatabase, title: string, locale: Locale, values: PlaceholderValues): Promise<string | null> {
  const row = await db
    .selectFrom("reply_templates")
    .select("body")
    .where("title", "=", title)
    .where("locale", "=", locale)
    .executeTakeFirst();
  return row ? fillPlaceholders(row.body, values) : null;
}

/** The notice after a save or a delete: the page reloads with `?zapisano=` or `?usunieto=` and the template's title. */
export const SAVED_PARAM = "zapisano";
export const DELETED_PARAM = "usunieto";

export type TemplatesPostOutcome = { kind: "done"; query: string } | { kind: "refused"; status: 400 | 409; refusal: TemplatesRefusal };

/** A post to the templates page: a template added or changed, or one deleted (after its tick). */
export async function answerTemplatesForm(db: AppDatabase, form: FormData, now: Date): Promise<TemplatesPostOutcome> {
  if (form.get("intent") === DELETE_INTENT) {
    const title = String(form.get("title") ?? "");
    if (form.get("confirm") !== "yes") return { kind: "refused", status: 400, refusal: { form: "delete", title, error: ERRORS.confirm } };
    if (!(await deleteTemplate(db, title))) return { kind: "refused", status: 409, refusal: { form: "delete", title, error: ERRORS.gone } };
    return { kind: "done", query: `${DELETED_PARAM}=${encodeURIComponent(title)}` };
  }
  const parsed = templateFromForm(form);
  if (!parsed.ok) return { kind: "refused", status: 400, refusal: { form: "save", errors: parsed.errors, values: parsed.values } };
  const saved = await saveTemplate(db, parsed.template, parsed.previousTitle, now);
  if (saved.ok) return { kind: "done", query: `${SAVED_PARAM}=${encodeURIComponent(parsed.template.title)}` };
  const values = {
    title: parsed.template.title,
    previous: parsed.previousTitle ?? "",
    ...Object.fromEntries(LOCALES.map((locale) => [bodyField(locale), parsed.template.bodies[locale]])),
  };
  const errors: Record<string, string> = saved.refusal === "taken" ? { title: ERRORS.titleTaken } : { form: ERRORS.gone };
  return { kind: "refused", status: saved.refusal === "taken" ? 400 : 409, refusal: { form: "save", errors, values } };
}
