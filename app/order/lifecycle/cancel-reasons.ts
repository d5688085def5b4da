/**
 * Standard cancellation reasons: the operator picks one in Polish, the customer reads it in
 * their language (locales/<lang>/mail.json, cancelled.reasons.<code>). "own" sends the
 * operator's words as typed, so the form asks for them in the customer's language.
 * The company may end an agreement only for the reasons the terms list (§ 5 ust. 5: a duplicate,
 * details not supplied by the deadline of a request, a service that cannot be performed), with the
 * whole price refunded; the customer's own request is their withdrawal (said as such, in their language) or their wish.
 */
export const CANCEL_REASON_CODES = ["customer_request", "withdrawal", "duplicate", "missing_details", "cannot_fulfil", "own"] as const;
export type CancelReasonCode = (typeof CANCEL_REASON_CODES)[number];

export const CANCEL_REASON_LABEL: Record<CancelReasonCode, string> = {
  customer_request: "Na prośbę klienta",
  withdrawal: "Odstąpienie od umowy (klient złożył oświadczenie o odstąpieniu)",
  duplicate: "Zamówienie złożone ponownie: anulujemy powtórzone (regulamin, § 5 ust. 5)",
  missing_details: "Klient nie uzupełnił danych w terminie z naszego wezwania (regulamin, § 5 ust. 5)",
  cannot_fulfil: "Wykonanie usługi dla tego lokalu jest niemożliwe (regulamin, § 5 ust. 5)",
  own: "Własny powód (wpisz go niżej w języku klienta)",
};

export function isCancelReasonCode(value: unknown): value is CancelReasonCode {
  return typeof value === "string" && (CANCEL_REASON_CODES as readonly string[]).includes(value);
}
