/**
 * Standard cancellation reasons: the operator picks one in Polish, the customer reads it in
 * their language (locales/<lang>/mail.json, cancelled.reasons.<code>). "own" sends the
 * operator's words as typed, so the form asks for them in the customer's language.
 */
export const CANCEL_REASON_CODES = ["customer_request", "duplicate", "missing_details", "cannot_fulfil", "own"] as const;
export type CancelReasonCode = (typeof CANCEL_REASON_CODES)[number];

export const CANCEL_REASON_LABEL: Record<CancelReasonCode, string> = {
  customer_request: "Na prośbę klienta",
  duplicate: "Zamówienie złożone dwa razy",
  missing_details: "Brak danych potrzebnych do wykonania usługi (klient nie odpowiedział)",
  cannot_fulfil: "Nie możemy wykonać usługi dla tego lokalu",
  own: "Własny powód (wpisz go niżej w języku klienta)",
};

export function isCancelReasonCode(value: unknown): value is CancelReasonCode {
  return typeof value === "string" && (CANCEL_REASON_CODES as readonly string[]).includes(value);
}
