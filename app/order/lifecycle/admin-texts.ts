import type { OrderStatus } from "~/db/schema";
import { STATUS_LABEL } from "~/order/admin-texts";
import type { Transition } from "./transitions";

/** The back office's words about the order's lifecycle: its transitions, deadlines, corrections and history (Polish only, as the whole back office). */
export const TRANSITION_LABEL: Record<Transition, string> = {
  mark_paid: "Oznacz jako opłacone",
  mark_dispatched: "Oznacz jako wysłane",
  cancel: "Anuluj zamówienie",
  reopen: "Wykonaj zamówienie za zgodą klienta (wpłata po terminie)",
};

/** Housekeeping cancels with the reason "unpaid"; operators' reasons are shown as typed. */
export function cancelReasonLabel(reason: string): string {
  return reason === "unpaid" ? "brak wpłaty w terminie (automatycznie)" : reason;
}

export const TRANSITION_TEXT = {
  paidAt: "Data wpłaty",
  trackingNumber: "Numer przesyłki",
  courier: "Przewoźnik (opcjonalnie)",
  reason: "Powód anulowania",
  paidAtInvalid: "Podaj datę wpłaty (RRRR-MM-DD), nie późniejszą niż dziś.",
  trackingNumberInvalid: "Podaj numer przesyłki: 4–40 znaków, litery, cyfry, spacje lub myślniki.",
  courierTooLong: "Nazwa przewoźnika może mieć najwyżej 60 znaków.",
  reasonInvalid: "Podaj powód anulowania (najwyżej 500 znaków).",
  courierControlCharacters:
    "Nazwa przewoźnika zawiera niedozwolone znaki niewidoczne (np. znak nowego wiersza albo zmiany kierunku pisma). Usuń je.",
  reasonControlCharacters:
    "Powód zawiera niedozwolone znaki niewidoczne (np. tabulator albo znak zmiany kierunku pisma). Nowe wiersze mogą zostać.",
  unknown: "Nieznana zmiana statusu.",
  receivedAmount: "Otrzymana kwota w zł (jeśli inna niż cena)",
  receivedAmountInvalid: "Podaj otrzymaną kwotę w złotych, np. 299 albo 299,00.",
  reasonCode: "Powód anulowania",
  reasonCodeInvalid: "Wybierz powód anulowania.",
  ownReason: (inLanguage: string) => `Własny powód, ${inLanguage} (klient dostanie go dosłownie)`,
  cancelWarning: (language: string) =>
    `Klient dostanie e-mail o anulowaniu z tym powodem. Powód standardowy zostanie przetłumaczony na język klienta (${language}); własny powód zostanie wysłany tak, jak go wpiszesz.`,
  confirmCancel: "Potwierdzam anulowanie i wysłanie powodu klientowi",
  /** What the customer is sent at once when the operator marks the order paid or dispatched, and the tick that confirms it. */
  confirmNote: {
    mark_paid: (inLanguage: string) =>
      `Klient od razu dostanie e-mail ${inLanguage}, że zamówienie jest opłacone, z datą wysyłki. Sprawdź wpłatę na koncie przed zaznaczeniem.`,
    mark_dispatched: (inLanguage: string) =>
      `Klient od razu dostanie e-mail ${inLanguage} z tym numerem przesyłki. Sprawdź numer na etykiecie przed zaznaczeniem.`,
  },
  confirm: {
    mark_paid: "Potwierdzam: wpłata jest na koncie, klient dostanie e-mail",
    mark_dispatched: "Potwierdzam: przesyłka jest nadana, klient dostanie e-mail z numerem",
  },
  confirmMissing: "Zaznacz potwierdzenie: klient od razu dostanie e-mail o tej zmianie.",
  confirmCancelMissing: "Zaznacz potwierdzenie: anulowanie jest ostateczne, a powód trafi do klienta.",
  reopenNote:
    "Umowa rozwiązała się z upływem terminu płatności. Zamówienie wykonujemy tylko wtedy, gdy klient, zapytany przez nas, potwierdził, że tego chce (regulamin, § 4 ust. 6); bez jego zgody zwróć wpłatę w ciągu 14 dni od jej zaksięgowania. Terminy realizacji liczą się od potwierdzenia albo od wpłaty, jeśli przyszła później.",
  consent: "Klient potwierdził, że chce wykonania zamówienia",
  consentMissing: "Zaznacz, że klient potwierdził, że chce wykonania zamówienia: bez jego zgody zamówienia po terminie nie wykonujemy.",
  consentAt: "Data potwierdzenia przez klienta",
  consentAtInvalid: "Podaj datę potwierdzenia przez klienta (RRRR-MM-DD), nie późniejszą niż dziś.",
  consentHow: "Jak klient potwierdził (np. e-mail z 27.11, rozmowa telefoniczna)",
  consentHowInvalid: "Napisz, jak klient potwierdził: jeden wiersz, najwyżej 200 znaków.",
  done: {
    mark_paid: "Zamówienie oznaczono jako opłacone.",
    mark_dispatched: "Zamówienie oznaczono jako wysłane.",
    cancel: "Zamówienie anulowano.",
    reopen: "Zamówienie przywrócono jako opłacone, za zgodą klienta. Klient dostanie potwierdzenie.",
  },
  notAllowed: (current: OrderStatus) => `Tej zmiany nie można wykonać: zamówienie ma status „${STATUS_LABEL[current]}”.`,
  customerTold: "Klient dostanie e-mail w swoim języku.",
} as const;

/** "Cofnij": an operator's own "paid" or "dispatched" taken back within 10 minutes (app/flows/undo.server.ts). */
export const UNDO_TEXT = {
  heading: { mark_paid: "Cofnij „opłacone”", mark_dispatched: "Cofnij „wysłane”" },
  button: "Cofnij",
  until: (time: string) => `Możesz cofnąć tę zmianę do ${time}.`,
  mailPending: "E-mail do klienta o tej zmianie jeszcze nie wyszedł: cofnięcie go wycofa i klient nic nie dostanie.",
  mailLeft: "Klient dostał już e-mail o tej zmianie. Po cofnięciu dostanie krótkie sprostowanie w swoim języku.",
  /** Why an undo is refused; the order stays as it is. */
  refused: {
    "not-yours": "Tej zmiany nie można cofnąć: zrobiła ją inna osoba z obsługi albo system. Cofnąć może tylko ta osoba, która ją zrobiła.",
    online:
      "Tej wpłaty nie można cofnąć: przyszła online i potwierdziła ją bramka płatności, a nie obsługa. Jeśli pieniądze trzeba oddać, zleć zwrot.",
    expired: "Tej zmiany nie można już cofnąć: minęło 10 minut. Popraw zamówienie inaczej (np. anuluj je albo popraw numer przesyłki).",
    "not-latest": "Tej zmiany nie można już cofnąć: zamówienie zmieniło się od tego czasu (jest nowsza zmiana statusu).",
    invoiced: "Tej wpłaty nie można cofnąć: wystawiono już do niej fakturę. Błędną fakturę poprawia się fakturą korygującą.",
    "handed-over": "Tej wysyłki nie można cofnąć: InPost ma już przesyłkę.",
  },
  /** What the page says after an undo, by what happened to the move's e-mail. */
  done: {
    withdrawn: "Zmianę cofnięto. E-mail do klienta wycofano, zanim wyszedł.",
    correction: "Zmianę cofnięto. Klient dostał już e-mail o tej zmianie, więc dostanie krótkie sprostowanie w swoim języku.",
    none: "Zmianę cofnięto.",
  },
} as const;

export const DUE_TEXT = {
  payment: "Wpłata do",
  dispatch: "Wysyłka do",
  overdue: "po terminie",
  lease: "Najem od",
  /** The promised delivery falls after the lease start; an unpaid order's delivery assumes the money arrives today. */
  lateForLease: (day: string, paid: boolean) => `${paid ? "dostawa do" : "przy wpłacie dziś dostawa do"} ${day}: po początku najmu`,
  none: "Brak terminów do pilnowania.",
} as const;

export const CORRECTION_TEXT = {
  reasonRequired: "Podaj powód zmiany (zapisze się w historii).",
  noteRequired: "Wpisz treść notatki.",
  amount: "Podaj zwróconą kwotę w złotych, np. 299 albo 299,00.",
  controlCharacters: "Pole zawiera niedozwolone znaki niewidoczne (np. tabulator albo znak zmiany kierunku pisma). Usuń je.",
  tooLong: (max: number) => `Najwyżej ${max} znaków.`,
  unknownMessage: "Nieznany rodzaj wiadomości.",
  notFound: "Nie ma takiego zamówienia.",
  notAllowed: "Tej zmiany nie można wykonać przy obecnym stanie zamówienia (np. dane zanonimizowano albo zwrot jest już zapisany).",
  unchanged: "Nic się nie zmieniło: wpisane dane są takie same jak zapisane.",
  resendNotCurrent:
    "Tej wiadomości nie wyślemy ponownie: przeczy jej obecny stan zamówienia (np. prośba o płatność do opłaconego zamówienia albo informacja o wysyłce do anulowanego).",
  done: {
    customer_data: "Dane klienta poprawiono. Klient dostanie e-mail z poprawionymi danymi.",
    tracking: "Numer przesyłki poprawiono. Klient dostanie e-mail z prawidłowym numerem.",
    record_refund: "Zwrot zapisano. Klient dostanie e-mail o zwrocie.",
    note: "Notatkę dodano.",
    resend: "Wiadomość wyślemy ponownie w ciągu kilku sekund.",
  },
  /** Each correction form's name: its heading, and how the error summary names it. */
  formName: {
    customer_data: "Popraw dane klienta",
    tracking: "Popraw numer przesyłki",
    record_refund: "Zapisz zwrot pieniędzy (przelewem)",
    note: "Dodaj notatkę",
  } as Record<string, string>,
  customerNote:
    "Zaakceptowana umowa zostaje bez zmian. Klient dostanie e-mail z poprawionymi danymi, a historia zapisze stan przed i po zmianie.",
  /** Each correction form's labels; the error summary names a field by the same words. */
  labels: {
    customer_data: {
      tenantName: "Najemca (imię i nazwisko)",
      email: "E-mail",
      phone: "Telefon",
      mailingStreet: "Adres do korespondencji: ulica, numer domu i lokalu",
      mailingPostalCode: "Adres do korespondencji: kod pocztowy",
      mailingCity: "Adres do korespondencji: miejscowość",
      propertyStreet: "Adres lokalu: ulica, numer domu i lokalu",
      propertyPostalCode: "Adres lokalu: kod pocztowy",
      propertyCity: "Adres lokalu: miejscowość",
      landlordName: "Wynajmujący (imię i nazwisko)",
      reason: "Powód zmiany (tylko do historii)",
    },
    tracking: { trackingNumber: TRANSITION_TEXT.trackingNumber, courier: TRANSITION_TEXT.courier },
    record_refund: { refundAmount: "Zwrócona kwota w zł", reason: "Dlaczego zwracamy (tylko do historii)" },
    note: { note: "Nowa notatka (klient jej nie zobaczy)" },
    resend: {},
  } as Record<string, Record<string, string>>,
  save: "Zapisz poprawione dane",
  trackingSave: "Zapisz poprawiony numer",
  refundSave: "Zapisz zwrot",
  notesHeading: "Notatki wewnętrzne",
  notesNone: "Brak notatek.",
  resend: "Wyślij ponownie",
} as const;

/** The order's history: the audit rows' actions, facts and fields in the panel's words. */
export const HISTORY_TEXT = {
  system: "automatycznie",
  ownWords: "(własnymi słowami operatora)",
  action: {
    customer_data: "poprawiono dane klienta",
    tracking: "poprawiono numer przesyłki",
    refund: "zapisano zwrot",
    resend: "wysłano ponownie e-mail",
    refund_rejected: "Przelewy24 odrzuciło zwrot",
    erasure_on_request: "usunięto dane osobowe na żądanie klienta",
    erasure_reapplied_after_restore: "ponownie usunięto dane osobowe po przywróceniu kopii zapasowej",
    withdrawal: "klient odstąpił od umowy (formularz na stronie)",
    withdrawal_linked: "przypisano oświadczenie o odstąpieniu do zamówienia",
    delivery_recorded: "zapisano doręczenie z potwierdzenia przewoźnika",
    withdrawal_late: "oświadczenie o odstąpieniu złożone po terminie (zamówienie bez zmian)",
    withdrawal_recorded: "zapisano oświadczenie o odstąpieniu otrzymane e-mailem lub pocztą",
    review_approved: "zatwierdzono opinię klienta do publikacji",
    review_rejected: "odrzucono opinię klienta",
    review_request_objection: "klient sprzeciwił się prośbie o opinię (art. 21 RODO): nie zostanie wysłana",
    undo: "cofnięto zmianę statusu",
    declaration_replaced: "wystawiono oświadczenie zastępcze",
    replacement_payment_requested: "poproszono klienta o płatność online za oświadczenie zastępcze",
    replacement_payment_cancelled: "anulowano prośbę o płatność online za oświadczenie zastępcze",
    address_given: "klient podał adres lokalu na stronie zamówienia",
  } as Record<string, string>,
  detail: {
    paidAt: "data wpłaty",
    receivedGrosze: "otrzymano",
    trackingNumber: "numer przesyłki",
    courier: "przewoźnik",
    reason: "powód",
    category: "podstawa",
    reference: "numer sprawy",
    paidOnline: "zapłacono online przez",
    paymentMethod: "sposób",
    gatewayOrderId: "nr transakcji",
    refundedGrosze: "zwrot",
    refundDueGrosze: "do zwrotu przelewem",
    kind: "wiadomość",
    fields: "zmienione pola",
    consentAt: "klient potwierdził wykonanie",
    consentHow: "jak potwierdził",
    withdrawalReceivedAt: "oświadczenie otrzymano",
    repeated: "kolejne oświadczenie",
    deliveredAt: "doręczono",
    deliverySource: "potwierdzenie",
    sentOn: "wysłane",
    channel: "droga",
    bankStatement: "wyciąg",
    statementDate: "z dnia",
    statementLine: "pozycja",
    undone: "cofnięta zmiana",
    movedAt: "zrobiona",
    customerMail: "e-mail do klienta",
    replacedCode: "zastąpiony kod",
    code: "nowy kod",
    owner: "nowy właściciel",
    flatAddress: "nowy lokal zastępczy",
    declaredOn: "data oświadczenia",
    dueGrosze: "do zapłaty",
  } as Record<string, string>,
  field: {
    tenantName: "najemca",
    email: "e-mail",
    phone: "telefon",
    mailingAddress: "adres do korespondencji",
    propertyAddress: "adres lokalu",
    landlordName: "wynajmujący",
    trackingNumber: "numer przesyłki",
    courier: "przewoźnik",
  } as Record<string, string>,
  gateway: { przelewy24: "Przelewy24" } as Record<string, string>,
  /** An undo's facts: which move it took back, and what happened to that move's e-mail. */
  undone: { mark_paid: "„opłacone”", mark_dispatched: "„wysłane”" } as Record<string, string>,
  customerMail: {
    withdrawn: "wycofany, zanim wyszedł",
    correction: "już wyszedł, wysłano sprostowanie",
    none: "nie było",
  } as Record<string, string>,
} as const;
