import type { MessageKind, OrderStatus } from "~/db/schema";

/** The back office's words about an order itself: its status, kind, variant, language and messages (Polish only, as the whole back office). */
export const STATUS_LABEL: Record<OrderStatus, string> = {
  awaiting_payment: "Oczekuje na płatność",
  paid: "Opłacone",
  dispatched: "Wysłane",
  cancelled: "Anulowane",
};

export const MESSAGE_KIND_LABEL: Record<MessageKind, string> = {
  order_confirmation: "Potwierdzenie zamówienia (z umową)",
  operator_new_order: "Powiadomienie dla obsługi o nowym zamówieniu",
  payment_reminder: "Przypomnienie o płatności",
  order_paid: "Potwierdzenie płatności",
  order_dispatched: "Informacja o wysyłce",
  order_cancelled: "Informacja o anulowaniu",
  order_reopened: "Informacja o przywróceniu zamówienia",
  details_corrected: "Informacja o poprawieniu danych",
  tracking_corrected: "Poprawiony numer przesyłki",
  refund_recorded: "Informacja o zwrocie pieniędzy",
  operator_refund_rejected: "Powiadomienie dla obsługi: Przelewy24 odrzuciło zwrot",
  operator_payment_to_return: "Powiadomienie dla obsługi: wpłata online po odstąpieniu albo anulowaniu, do zwrotu",
  withdrawal_acknowledgement: "Potwierdzenie otrzymania oświadczenia o odstąpieniu (na adres z zamówienia)",
  withdrawal_receipt: "Potwierdzenie otrzymania, bez treści oświadczenia (na adres podany w oświadczeniu)",
  operator_withdrawal: "Powiadomienie dla obsługi o odstąpieniu od umowy",
  review_request: "Prośba o opinię (po doręczeniu albo 10 dni po wysyłce)",
  ksef_submission: "Wysyłka faktur do KSeF",
  invoice_issued: "Faktura (PDF)",
  invoice_corrected: "Faktura korygująca (PDF)",
  withdrawal_expired: "Odpowiedź na odstąpienie: prawo odstąpienia wygasło",
  withdrawal_late: "Odpowiedź na oświadczenie o odstąpieniu złożone po terminie (z treścią i czasem otrzymania)",
  operator_account_locked: "Powiadomienie dla operatora: konto zablokowane po błędnych kodach",
  operator_payment_received: "Powiadomienie dla obsługi o wpłacie online",
  order_move_undone: "Sprostowanie: cofnięto „opłacone” albo „wysłane”",
  conversation_answer: "Odpowiedź obsługi na wiadomość klienta",
  operator_new_message: "Powiadomienie dla obsługi o nowych wiadomościach klientów",
  declaration_replaced: "Informacja o oświadczeniu zastępczym (nowy lokal i właściciel)",
  replacement_payment_requested: "Prośba o płatność online za oświadczenie zastępcze (kwota i link)",
  address_reminder: "Przypomnienie o podaniu adresu lokalu (7 i 30 dni po płatności)",
  address_confirmed: "Potwierdzenie podania adresu lokalu (z terminem wysyłki)",
};

/** An order placed before the flat was found (docs/decisions/091), in the panel's words. */
export const ADDRESS_LATER_TEXT = {
  pending: "czeka na adres lokalu",
  /** Why nothing is drawn, dispatched or shipped yet: the operator cannot act before the customer gives the address. */
  notYet:
    "Zamówienie czeka na adres lokalu: klient poda go na stronie zamówienia. Do tego czasu nie można pobrać oświadczenia do podpisu ani oznaczyć zamówienia jako wysłanego.",
  /** In the correction form: the flat's address is the customer's to give, not a field to correct. */
  noCorrection: "Adres lokalu: czeka na adres od klienta (poda go na stronie zamówienia), więc tu go nie poprawisz.",
} as const;

export const DECLARATION_LABEL = {
  regular: "Oświadczenie zwykłe",
  notarized: "Oświadczenie z podpisem poświadczonym notarialnie",
} as const;

export const VARIANT_LABEL = { standard: "Formularz główny", automatic: "Umowa automatyczna" } as const;

export const CHANNEL_LABEL = { form: "Formularz", api: "API (JavaScript)" } as const;

export const LOCALE_LABEL = { pl: "polski", en: "angielski", uk: "ukraiński", ru: "rosyjski" } as const;

/** "Write it in Ukrainian": the customer's language as an adverb. */
export const IN_LANGUAGE = { pl: "po polsku", en: "po angielsku", uk: "po ukraińsku", ru: "po rosyjsku" } as const;
