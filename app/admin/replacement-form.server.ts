import type { AppDatabase } from "~/db/db.server";
import { SINGLE_LINE_TEXT } from "~/forms/control-characters";
import { normaliseCode } from "~/order/declaration-code";
import { calendarDaysAfter, warsawDay } from "~/order/delivery-dates.server";
import { REPLACEMENT_TEXT } from "~/order/replacement-admin-texts";
import { issueReplacement } from "~/order/replacement.server";
import { requestReplacementPayment } from "~/order/replacement-charge.server";
import { ONLINE_PAYMENT_FIELD } from "./OrderDeclarations";
import { formText } from "./transition-form.server";

/** How far ahead the declaration's day may be: the owner signs it after it is printed, not months later. */
const DAYS_AHEAD = 30;

/** `issued`: the replacement is out; `requested`: it waits for the customer's online payment (docs/decisions/094). */
export type ReplacementFormOutcome =
  | { ok: true; done: "issued" | "requested" }
  | { ok: false; status: 400 | 404 | 409; errors: Record<string, string>; values: Record<string, string> };

const line = (value: string, min: number, max: number) => value.length >= min && value.length <= max && SINGLE_LINE_TEXT.test(value);

/** A real calendar day, written YYYY-MM-DD. */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/**
 * "Wystaw oświadczenie zastępcze" (docs/decisions/092): the new owner, the new flat's address and
 * town, the declaration's day, the tick that the old declaration stops being valid and, when
 * PRICE_REPLACEMENT is not 0, that the customer paid it. Refused with the values kept (400), or with
 * the order's reason (409: not dispatched, closed, or another replacement came first). With a price and
 * the button "Poproś klienta o płatność online" (and a payment gateway), the same facts are stored to wait
 * for the customer's payment instead of the tick that they paid by transfer (docs/decisions/094); one
 * waits at a time (409 for a second).
 */
export async function replacementFromForm(
  db: AppDatabase,
  orderId: number,
  form: FormData,
  options: { priceGrosze: number; operator: string; now: Date; onlinePayment: boolean },
): Promise<ReplacementFormOutcome> {
  const values = {
    owner: formText(form, "owner").slice(0, 201),
    address: formText(form, "address").slice(0, 301),
    city: formText(form, "city").slice(0, 101),
    declaredOn: formText(form, "declaredOn"),
  };
  const errors: Record<string, string> = {};
  const text = REPLACEMENT_TEXT.errors;
  if (!line(values.owner, 3, 200)) errors.owner = text.owner;
  if (!line(values.address, 5, 300)) errors.address = text.address;
  if (!line(values.city, 2, 100)) errors.city = text.city;
  const placed = await db.selectFrom("orders").select("created_at").where("id", "=", orderId).executeTakeFirst();
  if (!placed) return { ok: false, status: 404, errors: {}, values };
  const latest = warsawDay(calendarDaysAfter(options.now, DAYS_AHEAD));
  if (!isDay(values.declaredOn) || values.declaredOn < warsawDay(new Date(placed.created_at)) || values.declaredOn > latest)
    errors.declaredOn = text.declaredOn;
  if (form.get("confirm") !== "yes") errors.confirm = text.confirm;
  const online = form.get(ONLINE_PAYMENT_FIELD.name) === ONLINE_PAYMENT_FIELD.value;
  if (online && (options.priceGrosze === 0 || !options.onlinePayment)) errors.form = REPLACEMENT_TEXT.onlineUnavailable;
  if (!online && options.priceGrosze > 0 && form.get("paid") !== "yes") errors.paid = text.paid;
  if (Object.keys(errors).length > 0) return { ok: false, status: 400, errors, values };
  const facts = { owner: values.owner, address: values.address, city: values.city, declaredOn: values.declaredOn };
  if (online) {
    const requested = await requestReplacementPayment(db, {
      orderId,
      facts,
      priceGrosze: options.priceGrosze,
      operator: options.operator,
      now: options.now,
    });
    if (requested.ok) return { ok: true, done: "requested" };
    if (requested.reason === "not-found") return { ok: false, status: 404, errors: {}, values };
    return { ok: false, status: 409, errors: { form: REPLACEMENT_TEXT.refused[requested.reason] }, values };
  }
  const outcome = await issueReplacement(db, {
    orderId,
    replaces: normaliseCode(formText(form, "replaces")),
    facts,
    priceGrosze: options.priceGrosze,
    operator: options.operator,
    now: options.now,
  });
  if (outcome.ok) return { ok: true, done: "issued" };
  if (outcome.reason === "not-found") return { ok: false, status: 404, errors: {}, values };
  return { ok: false, status: 409, errors: { form: REPLACEMENT_TEXT.refused[outcome.reason] }, values };
}
