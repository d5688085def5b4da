import { formatLongDate } from "~/i18n/date-format";
import { CONTRACT_VERSION } from "~/order/contract";

/**
 * The terms change together with the agreement they govern, so they share its version
 * ("2026-11-22.1"): an order stores the contract version it accepted, which names the
 * terms in force at that moment. The version starts with the day it takes effect.
 */
export const TERMS_VERSION = CONTRACT_VERSION;

export function effectiveDateOf(version: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2})(?:\.\d+)?$/.exec(version);
  const date = match ? new Date(`${match[1]}T12:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()))
    throw new Error(`A terms version must start with its effective date (YYYY-MM-DD), got "${version}"`);
  return date;
}

export const TERMS_EFFECTIVE_FROM = effectiveDateOf(TERMS_VERSION);

/** "22 listopada 2026", "22 November 2026"… */
export function formatEffectiveDate(date: Date, localeTag: string): string {
  return formatLongDate(date, localeTag, "UTC");
}
