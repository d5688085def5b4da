import { warsawWallClock } from "~/order/delivery-dates.server";
import type { AppDatabase } from "~/db/db.server";
import { z } from "zod";
import { isMultiLineText, SINGLE_LINE_TEXT } from "~/forms/control-characters";
import { recordDeliveryFromProof } from "~/withdrawal/delivery.server";
import { recordReceivedStatement } from "~/withdrawal/withdrawal.server";
import { WITHDRAWAL_TEXT } from "~/withdrawal/admin-texts";
import { formText, isPastOrToday } from "./transition-form.server";

const DELIVERY = WITHDRAWAL_TEXT.delivery;
const RECORD = WITHDRAWAL_TEXT.record;
/** The longest statement text or scan note the operator may type. */
export const STATEMENT_TEXT_MAX = 4000;

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

/**
 * "Zapisz oświadczenie otrzymane e-mailem lub pocztą": how it came, the day it was sent, when it was
 * received, the sender's address for an e-mail, and its text or a note of the scan. Refused with the
 * values kept (400), or 409 when the order cannot take it. `late`: it was sent after the period.
 */
export async function statementFromForm(
  db: AppDatabase,
  orderId: number,
  form: FormData,
  operator: string,
  now: Date,
): Promise<RecordsFormOutcome | { ok: true; late: boolean }> {
  const values = {
    channel: formText(form, "channel"),
    sentOn: formText(form, "sentOn"),
    receivedOn: formText(form, "receivedOn"),
    receivedTime: formText(form, "receivedTime"),
    email: formText(form, "email").slice(0, 254),
    text: formText(form, "text").slice(0, STATEMENT_TEXT_MAX + 1),
  };
  const errors: Record<string, string> = {};
  const channel = values.channel === "email" || values.channel === "post" ? values.channel : null;
  if (!channel) errors.channel = RECORD.errors.channel;
  if (!isPastOrToday(values.sentOn, now)) errors.sentOn = RECORD.errors.sentOn;
  const receivedAt = pastWallClock(values, "receivedOn", "receivedTime", errors, RECORD.errors, now);
  if (receivedAt && !errors.sentOn && values.sentOn > values.receivedOn) errors.sentOn = RECORD.errors.sentAfterReceived;
  if (channel === "email" && !z.string().email().safeParse(values.email).success) errors.email = RECORD.errors.email;
  if (values.text === "" || values.text.length > STATEMENT_TEXT_MAX || !isMultiLineText(values.text)) errors.text = RECORD.errors.text;
  if (!channel || !receivedAt || Object.keys(errors).length > 0) return { ok: false, status: 400, errors, values };
  const outcome = await recordReceivedStatement(
    db,
    orderId,
    { channel, sentOn: values.sentOn, receivedAt, email: channel === "email" ? values.email : null, text: values.text },
    operator,
    now,
  );
  if (outcome.ok) return outcome;
  if (outcome.reason === "sent-after-received")
    return { ok: false, status: 400, errors: { sentOn: RECORD.errors.sentAfterReceived }, values };
  return { ok: false, status: 409, errors: { form: RECORD.errors.notFound }, values };
}
