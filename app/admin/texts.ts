import type { MessageKind, OrderStatus } from "~/db/schema";
import type { Transition } from "./transitions";

/**
 * The back office speaks Polish only (issue 9: the operator is the Polish business), so its
 * words live here rather than in the four-language locale files of the public site.
 */
export const STATUS_LABEL: Record<OrderStatus, string> = {
  awaiting_payment: "Oczekuje na płatność",
  paid: "Opłacone",
  dispatched: "Wysłane",
  cancelled: "Anulowane",
};

export const TRANSITION_LABEL: Record<Transition, string> = {
  mark_paid: "Oznacz jako opłacone",
  mark_dispatched: "Oznacz jako wysłane",
  cancel: "Anuluj zamówienie",
};

export const MESSAGE_KIND_LABEL: Record<MessageKind, string> = {
  order_confirmation: "Potwierdzenie zamówienia (z umową)",
  operator_new_order: "Powiadomienie dla obsługi o nowym zamówieniu",
  payment_reminder: "Przypomnienie o płatności",
  order_paid: "Potwierdzenie płatności",
  order_dispatched: "Informacja o wysyłce",
  order_cancelled: "Informacja o anulowaniu",
};

export const DECLARATION_LABEL = { regular: "Oświadczenie zwykłe", notarized: "Oświadczenie z podpisem poświadczonym notarialnie" } as const;
export const VARIANT_LABEL = { standard: "Formularz główny", automatic: "Umowa automatyczna" } as const;
export const CHANNEL_LABEL = { form: "Formularz", api: "API (JavaScript)" } as const;
export const LOCALE_LABEL = { pl: "polski", en: "angielski", uk: "ukraiński", ru: "rosyjski" } as const;

/** Housekeeping cancels with the reason "unpaid"; operators' reasons are shown as typed. */
export function cancelReasonLabel(reason: string): string {
  return reason === "unpaid" ? "brak wpłaty w terminie (automatycznie)" : reason;
}

export const SIGN_IN_TEXT = {
  title: "Logowanie do panelu",
  email: "E-mail",
  password: "Hasło",
  submit: "Zaloguj się",
  invalid: "Nieprawidłowy e-mail lub hasło.",
  locked: "Zbyt wiele nieudanych prób logowania z tego adresu. Spróbuj ponownie za 15 minut.",
  emailRequired: "Podaj adres e-mail.",
  emailControlCharacters: "Adres e-mail zawiera niedozwolone znaki niewidoczne (np. znak nowego wiersza). Wpisz go ponownie.",
  passwordRequired: "Podaj hasło.",
  signedOut: "Wylogowano.",
} as const;

export const SEARCH_TEXT = {
  dateInvalid: "Podaj daty zakresu jako dzień z kalendarza (RRRR-MM-DD).",
  dateOrder: "Data „od” nie może być późniejsza niż data „do”.",
  controlCharacters: "Wyszukiwane słowo zawiera niedozwolone znaki niewidoczne (np. znak nowego wiersza). Usuń je i wyszukaj ponownie.",
} as const;

export const TRANSITION_TEXT = {
  paidAt: "Data wpłaty",
  trackingNumber: "Numer przesyłki",
  courier: "Przewoźnik (opcjonalnie)",
  reason: "Powód anulowania",
  paidAtInvalid: "Podaj datę wpłaty (RRRR-MM-DD), nie późniejszą niż dziś.",
  trackingNumberInvalid: "Podaj numer przesyłki: 4–40 znaków, litery, cyfry, spacje lub myślniki.",
  courierTooLong: "Nazwa przewoźnika może mieć najwyżej 60 znaków.",
  reasonInvalid: "Podaj powód anulowania (najwyżej 500 znaków).",
  courierControlCharacters: "Nazwa przewoźnika zawiera niedozwolone znaki niewidoczne (np. znak nowego wiersza albo zmiany kierunku pisma). Usuń je.",
  reasonControlCharacters: "Powód zawiera niedozwolone znaki niewidoczne (np. tabulator albo znak zmiany kierunku pisma). Nowe wiersze mogą zostać.",
  unknown: "Nieznana zmiana statusu.",
  done: { mark_paid: "Zamówienie oznaczono jako opłacone.", mark_dispatched: "Zamówienie oznaczono jako wysłane.", cancel: "Zamówienie anulowano." },
  notAllowed: (current: OrderStatus) => `Tej zmiany nie można wykonać: zamówienie ma status „${STATUS_LABEL[current]}”.`,
  customerTold: "Klient dostanie e-mail w swoim języku.",
} as const;

export const PAYMENT_TEXT = {
  heading: "Płatności online",
  none: "Brak płatności online.",
  method: { blik: "BLIK", redirect: "Przelewy24 (przelew lub karta)" },
  state: { registered: "rozpoczęta", pending: "w toku", paid: "opłacona", failed: "nieudana", refunded: "zwrócona" },
  columns: ["Sposób", "Stan", "Kwota", "Rozpoczęta", "Opłacona", "Nr transakcji Przelewy24", "Zwrot"],
  refund: "Zwróć całą płatność",
  refundReason: "Powód zwrotu",
  refundNote: "Pieniądze wrócą do klienta przez Przelewy24, a zamówienie zostanie anulowane z tym powodem.",
  reasonInvalid: "Podaj powód zwrotu (najwyżej 500 znaków).",
  done: "Płatność zwrócono, zamówienie anulowano.",
  notRefundable: "Tej płatności nie można zwrócić (nie jest opłacona albo zamówienie nie ma statusu „Opłacone”).",
  refused: "Przelewy24 odrzuciło zwrot. Nic nie zmieniono; sprawdź transakcję w panelu Przelewy24.",
  unavailable: "Przelewy24 nie odpowiada. Nic nie zmieniono; spróbuj ponownie za chwilę.",
} as const;

export const DECLARATION_TEXT = {
  link: "Pobierz oświadczenie do podpisu (PDF)",
  notarizedNote: "Z załącznikiem dla notariusza.",
  unavailable: "Oświadczenie do podpisu będzie do pobrania, gdy zamówienie zostanie opłacone.",
  notFound: "Nie ma takiego zamówienia.",
  notPaid: "Oświadczenie do podpisu można pobrać tylko dla zamówienia opłaconego (albo wysłanego), którego dane nie zostały zanonimizowane.",
} as const;

export const LIST_TEXT = {
  searchLabel: "Szukaj: numer, imię i nazwisko, e-mail lub telefon (w dowolnym zapisie)",
  from: "Złożone od",
  to: "Złożone do",
  due: "Do wysyłki",
  caption: "Zamówienia, od najnowszych",
  dueCaption: "Zamówienia do wysyłki, od najpilniejszych",
} as const;

export const DUE_TEXT = {
  payment: "Wpłata do",
  dispatch: "Wysyłka do",
  overdue: "po terminie",
} as const;
