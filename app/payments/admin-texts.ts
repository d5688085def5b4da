/** The back office's words about online payments and refunds (Polish only, as the whole back office). */
export const PAYMENT_TEXT = {
  heading: "Płatności online",
  none: "Brak płatności online.",
  method: { blik: "BLIK", redirect: "Przelewy24 (przelew lub karta)" },
  state: { registered: "rozpoczęta", pending: "w toku", paid: "opłacona", failed: "nieudana", refunded: "zwrócona" },
  columns: ["Sposób", "Stan", "Kwota", "Rozpoczęta", "Opłacona", "Nr transakcji Przelewy24", "Zwrot"],
  /** Beside the amount of a replacement declaration's payment (docs/decisions/094), not the order's own price. */
  forReplacement: "za oświadczenie zastępcze",
  refund: "Zwróć całą płatność",
  refundNote: "Pieniądze wrócą do klienta przez Przelewy24, a zamówienie zostanie anulowane z tym powodem.",
  refundNoteCancelled:
    "Zamówienie jest już anulowane. Pieniądze wrócą do klienta przez Przelewy24, a klient dostanie e-mail o zwrocie z kwotą.",
  internalNote: "Notatka wewnętrzna (opcjonalnie; klient jej nie zobaczy)",
  confirmRefund: "Potwierdzam zwrot całej płatności",
  confirmRefundMissing: "Zaznacz potwierdzenie: zwrotu nie można cofnąć.",
  done: "Płatność zwrócono.",
  notRefundable: "Tej płatności nie można zwrócić (nie jest opłacona albo zamówienie nie ma statusu „Opłacone” ani „Anulowane”).",
  refused: "Przelewy24 odrzuciło zwrot. Nic nie zmieniono; sprawdź transakcję w panelu Przelewy24.",
  unavailable: "Przelewy24 nie odpowiada. Nic nie zmieniono; spróbuj ponownie za chwilę.",
  /** Why an attempt was closed, after its state. */
  failure: {
    "blik-code-refused": "kod BLIK odrzucony",
    "gateway-unavailable": "Przelewy24 nie odpowiadało",
    "returned-unpaid": "klient wrócił z Przelewy24 bez zapłaty",
    "not-paid": "nie zapłacono w czasie",
    superseded: "zapłacono inną płatnością",
  } as Record<string, string>,
  refundStatus: {
    requested: "zlecony, czeka na potwierdzenie Przelewy24",
    completed: "potwierdzony",
    rejected: "odrzucony przez Przelewy24",
  },
  refundRejected: (at: string) =>
    `Przelewy24 odrzuciło zwrot tej płatności (${at}). Pieniądze są nadal na naszym rachunku, a klient dostał wcześniej e-mail, że je zwróciliśmy: zleć zwrot ponownie poniżej albo zwróć je przelewem, i napisz do klienta.`,
  heldOnline: (amount: string) =>
    `Płatność online (${amount}) wróci do klienta przez Przelewy24 w tym samym kroku. Jeśli Przelewy24 nie przyjmie zwrotu, zamówienie nie zostanie anulowane.`,
  heldTransfer: (amount: string) =>
    `Wpłata przelewem (${amount}) zostanie zapisana jako do zwrotu: odeślij ją przelewem na rachunek klienta i zapisz zwrot w sekcji „Poprawki”.`,
  /** The same two, after a withdrawal decision kept an amount: what goes back is the refund field's amount, not the payment. */
  heldOnlineAfterDecision: (most: string) =>
    `Kwota zwrotu podana niżej (najwyżej ${most}) wróci do klienta przez Przelewy24 w tym samym kroku. Jeśli Przelewy24 nie przyjmie zwrotu, zamówienie nie zostanie anulowane.`,
  heldTransferAfterDecision: (most: string) =>
    `Kwota zwrotu podana niżej (najwyżej ${most}) zostanie zapisana jako do zwrotu: odeślij ją przelewem na rachunek klienta i zapisz zwrot w sekcji „Poprawki”.`,
  refundDue: (amount: string) => `Do zwrotu przelewem: ${amount}. Gdy go wyślesz, zapisz zwrot w sekcji „Poprawki”.`,
  cancelRefused: {
    "refund-refused": "Przelewy24 odrzuciło zwrot płatności, więc zamówienia nie anulowano. Sprawdź transakcję w panelu Przelewy24.",
    "refund-unavailable": "Przelewy24 nie odpowiada, więc zamówienia nie anulowano i nic nie zwrócono. Spróbuj ponownie za chwilę.",
    "no-gateway":
      "Zamówienie opłacono online, a płatności online są wyłączone (brak ustawień Przelewy24): zwrotu nie można zlecić, więc zamówienia nie anulowano.",
  },
} as const;
