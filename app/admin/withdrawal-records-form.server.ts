import { warsawWallClock } from "~/config/delivery-dates.server";
import type { AppDatabase } from "~/db/db.server";
import { SINGLE_LINE_TEXT } from "~/forms/control-characters";
import { recordDeliveryFromProof } from "~/withdrawal/delivery.server";
import { WITHDRAWAL_TEXT } from "./texts";
import { formText, isPastOrToday } from "./transition-form.server";

const DELIVERY = WITHDRAWAL_TEXT.delivery;

/** A refused form of the withdrawal section: its fields' messages (or the page's, under `form`) and what was typed. */
export type RecordsFormOutcome =
  { ok: true } | { ok: false; status: 400 | 409; errors: Record<string, string>; values: Record<string, string> };

/** A day no later than today and a time that exist together on the Warsaw clock, no later than now; the messages go to `dayField`. */
function pastWallClock(
  values: Record<string, string>,
  dayField: string,
  timeField: string,
  errors: Record<string, string>,
  messages: { day: string; time: string },
  now: Date,
): Date | null {
  if (!isPastOrToday(values[dayField] ?? "", now)) errors[dayField] = messages.day;
  const instant = warsawWallClock(values[dayField] ?? "", values[timeField] ?? "");
  if (!errors[dayField] && (!instant || instant.getTime() > now.getTime())) errors[timeField] = messages.time;
  return errors[dayField] || errors[timeField] ? null : instant;
}

/** One line the operator writes (a proof's kind and number): 3 to 200 characters, no control characters. */
const isLine = (value: string, min = 3) => value.length >= min && value.length <= 200 && SINGLE_LINE_TEXT.test(value);

/**
 * "Zapisz doręczenie": the day and time of delivery the operator read off the carrier's proof, and
 * which proof. Refused with the values kept (400), or with the reason the order gives (409).
 */
export async function deliveryFromForm(
  db: AppDatabase,
  orderId: number,
  form: FormData,
  operator: string,
  now: Date,
): Promise<RecordsFormOutcome> {
  const values = {
    deliveredOn: formText(form, "deliveredOn"),
    deliveredTime: formText(form, "deliveredTime"),
    source: formText(form, "source"),
  };
  const errors: Record<string, string> = {};
  const deliveredAt = pastWallClock(values, "deliveredOn", "deliveredTime", errors, DELIVERY.errors, now);
  if (!isLine(values.source)) errors.source = DELIVERY.errors.source;
  if (!deliveredAt || Object.keys(errors).length > 0) return { ok: false, status: 400, errors, values };
  const outcome = await recordDeliveryFromProof(db, orderId, { deliveredAt, source: values.source }, operator, now);
  if (outcome.ok) return outcome;
  if (outcome.reason === "before-dispatch")
    return { ok: false, status: 400, errors: { deliveredOn: DELIVERY.refused[outcome.reason] }, values };
  return { ok: false, status: 409, errors: { form: DELIVERY.refused[outcome.reason] }, values };
}
