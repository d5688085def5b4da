// What the order form's action tests share: a valid form, a fixed "now", and the POSTs a browser sends.
import { validOrderForm } from "../../tests/support/valid-order";
import type { OrderOutcome } from "./accept-order-form.server";
import type { PreviewState } from "~/order/view-state";

export const FORM: Record<string, string> = validOrderForm();

export const NOW = new Date("2026-11-22T10:00:00Z");

/** A real form POST, as a browser sends it without JavaScript. */
export function post(fields: Record<string, string>, init: { contentType?: string; body?: BodyInit } = {}) {
  const body = init.body ?? new URLSearchParams(fields).toString();
  return new Request("http://site.test/zamowienie-oswiadczenia", {
    method: "POST",
    headers: { "Content-Type": init.contentType ?? "application/x-www-form-urlencoded" },
    body,
  });
}

export function previewOf(outcome: OrderOutcome): PreviewState {
  if (!("state" in outcome) || outcome.state.stage !== "preview") throw new Error(`expected a preview, got ${JSON.stringify(outcome)}`);
  return outcome.state;
}

/** The accept POST the preview page sends: its hidden fields, the token and the ticked consents. */
export function acceptFields(
  preview: PreviewState,
  extra: Record<string, string> = { acceptTerms: "on", immediatePerformanceConsent: "on" },
) {
  return { ...preview.values, token: preview.token, intent: "accept", ...extra };
}
