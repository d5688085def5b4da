import { formatPrice } from "~/i18n/money";
import type { OrderStatus } from "~/db/schema";
import { ERASURE_CATEGORY_LABEL, type ErasureCategory } from "./erasure-request";
import { formatWarsawTime } from "~/i18n/back-office-format";
import type { OrderEventView } from "./order-detail.server";
import { objectOf } from "~/order/lifecycle/event-details";
import { cancelReasonLabel, HISTORY_TEXT } from "~/order/lifecycle/admin-texts";
import { MESSAGE_KIND_LABEL, STATUS_LABEL } from "~/order/admin-texts";
import { PAYMENT_TEXT } from "~/payments/admin-texts";

const ISO_DAY_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** One stored fact as the operator reads it: days and instants in Warsaw time, grosze as złoty, codes as the panel's words. */
function readable(key: string, value: string): string {
  if (key.endsWith("Grosze") && /^\d+$/.test(value)) return formatPrice(Number(value), "pl");
  if (ISO_DAY_OR_INSTANT.test(value)) return formatWarsawTime(value);
  if (key === "kind") return MESSAGE_KIND_LABEL[value as keyof typeof MESSAGE_KIND_LABEL] ?? value;
  if (key === "reason") return cancelReasonLabel(value);
  if (key === "category") return ERASURE_CATEGORY_LABEL[value as ErasureCategory] ?? value;
  if (key === "paymentMethod") return PAYMENT_TEXT.method[value as keyof typeof PAYMENT_TEXT.method] ?? value;
  if (key === "paidOnline") return HISTORY_TEXT.gateway[value] ?? value;
  if (key === "undone") return HISTORY_TEXT.undone[value] ?? value;
  if (key === "customerMail") return HISTORY_TEXT.customerMail[value] ?? value;
  if (key === "fields") return listOf(value).map(fieldLabel).join(", ");
  return value;
}

const fieldLabel = (field: string) => HISTORY_TEXT.field[field] ?? field;

function listOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** "najemca: Jan Kowalsky → Jan Kowalski" for each field a correction changed. */
function changesOf(details: Record<string, string>): string[] {
  const before = objectOf(details.before);
  const after = objectOf(details.after);
  const shown = (value: unknown) => (value === null || value === undefined || value === "" ? "—" : String(value));
  return Object.keys(after).map((field) => `${fieldLabel(field)}: ${shown(before[field])} → ${shown(after[field])}`);
}

/**
 * The facts of an audit row, labelled: the code of a standard reason is left out (the reason
 * itself is its Polish label), and a reason in the operator's own words says so.
 */
function factsOf(details: Record<string, string>): string[] {
  return Object.entries(details)
    .filter(([key, value]) => value && !["action", "before", "after", "reasonCode"].includes(key))
    .map(([key, value]) => {
      const own = key === "reason" && details.reasonCode === "own" ? ` ${HISTORY_TEXT.ownWords}` : "";
      return `${HISTORY_TEXT.detail[key] ?? key}: ${readable(key, value)}${own}`;
    });
}

/** One line of the order's history: what happened, who did it, and its facts in the operator's words. */
export function describeEvent(event: OrderEventView): string {
  const who = event.operator === "system" ? HISTORY_TEXT.system : event.operator;
  const action = event.details.action;
  const facts = [...changesOf(event.details), ...factsOf(event.details)];
  const move = `${STATUS_LABEL[event.from as OrderStatus] ?? event.from} → ${STATUS_LABEL[event.to as OrderStatus] ?? event.to}`;
  // A line that names its action and also moves the status (an undo) shows both.
  const what = action ? `${HISTORY_TEXT.action[action] ?? action}${event.from !== event.to ? `: ${move}` : ""}` : move;
  return `${what}, ${who}${facts.length ? ` (${facts.join("; ")})` : ""}`;
}
