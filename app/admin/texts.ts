import type { MessageKind, OrderStatus } from "~/db/schema";
import type { Transition } from "~/order/lifecycle/transitions";
import { ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY } from "~/withdrawal/limits";

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
  reopen: "Wykonaj zamówienie za zgodą klienta (wpłata po terminie)",
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
};

export const DECLARATION_LABEL = {
  regular: "Oświadczenie zwykłe",
  notarized: "Oświadczenie z podpisem poświadczonym notarialnie",
} as const;
export const VARIANT_LABEL = { standard: "Formularz główny", automatic: "Umowa automatyczna" } as const;
export const CHANNEL_LABEL = { form: "Formularz", api: "API (JavaScript)" } as const;
export const LOCALE_LABEL = { pl: "polski", en: "angielski", uk: "ukraiński", ru: "rosyjski" } as const;
/** "Write it in Ukrainian": the customer's language as an adverb. */
export const IN_LANGUAGE = { pl: "po polsku", en: "po angielsku", uk: "po ukraińsku", ru: "po rosyjsku" } as const;

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
  restart: "Zaloguj się ponownie: od podania hasła minęło więcej niż 5 minut albo logowanie przerwano.",
  notEnrolled:
    "To konto nie ma drugiego składnika logowania, a bez niego panel się nie otworzy. Osoba z dostępem do serwera nada go poleceniem: npm run operator -- reset-2fa <e-mail>.",
  accountLocked:
    "To konto jest zablokowane: po poprawnym haśle wpisano 10 błędnych kodów, więc hasło może znać ktoś inny. Na adres tego konta wysłaliśmy e-mail. Odblokuje je osoba z dostępem do serwera poleceniem npm run operator -- unlock <e-mail>, które ustawia nowe hasło.",
  keyUnavailable:
    "Nie można sprawdzić drugiego składnika logowania: serwer nie ma klucza OPERATOR_SECRET_KEY albo ma inny niż ten, pod którym zapisano sekret. Osoba z dostępem do serwera ustawi właściwy klucz albo nada nowy składnik: npm run operator -- reset-2fa <e-mail>.",
} as const;

/** The second step of signing in: the code from the authenticator app, or a recovery code. */
export const CODE_TEXT = {
  title: "Logowanie: kod z aplikacji",
  lead: "Hasło jest poprawne. Wpisz 6-cyfrowy kod, który aplikacja uwierzytelniająca pokazuje teraz dla tego konta.",
  firstLead:
    "Pierwsze logowanie na tym koncie: dodaj je do aplikacji uwierzytelniającej (np. Aegis, FreeOTP, Google Authenticator), skanując kod QR wyświetlony przez polecenie npm run operator, i wpisz kod z aplikacji. Pierwszy poprawny kod kończy konfigurację.",
  code: "Kod z aplikacji (6 cyfr)",
  submit: "Potwierdź kod",
  codeRequired: "Wpisz 6-cyfrowy kod z aplikacji.",
  codeFormat: "Kod z aplikacji ma 6 cyfr (spacje mogą zostać). Kod zapasowy ma 10 znaków, np. K7MQP-2XW9R.",
  invalid: "Nieprawidłowy albo już użyty kod. Wpisz kod, który aplikacja pokazuje teraz (każdy działa tylko raz).",
  recoverySummary: "Nie masz telefonu? Zaloguj się kodem zapasowym",
  recoveryCode: "Kod zapasowy (np. K7MQP-2XW9R)",
  recoveryNote:
    "Każdy z dziesięciu kodów zapasowych działa jeden raz. Gdy zostanie ich mało albo zgubisz telefon, poproś o nowe: npm run operator -- reset-2fa.",
  recoverySubmit: "Zaloguj się kodem zapasowym",
  recoveryRequired: "Wpisz kod zapasowy.",
  recoveryInvalid: "Nieprawidłowy albo już wykorzystany kod zapasowy.",
  sessionEnded:
    "Wpisano 5 błędnych kodów, więc to logowanie zakończyliśmy. Zaloguj się ponownie, zaczynając od hasła. Po 10 błędnych kodach od ostatniego udanego logowania konto zostanie zablokowane.",
} as const;

/** Why a sign-in went back from the code to the password, as the login page says it (`?ended=`): each ended the half-made session. */
export const SIGN_IN_ENDED_TEXT = {
  locked: SIGN_IN_TEXT.locked,
  "session-ended": CODE_TEXT.sessionEnded,
  "account-locked": SIGN_IN_TEXT.accountLocked,
} as const;

/** The message for the login page's `?ended=`, or null for a value that is none of them (an address typed by hand). */
export function signInEndedText(ended: string | null): string | null {
  return ended !== null && Object.hasOwn(SIGN_IN_ENDED_TEXT, ended) ? SIGN_IN_ENDED_TEXT[ended as keyof typeof SIGN_IN_ENDED_TEXT] : null;
}

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
  confirmMissing: "Zaznacz potwierdzenie: klient od razu dostanie e-mail i tej zmiany nie można cofnąć.",
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

export const PAYMENT_TEXT = {
  heading: "Płatności online",
  none: "Brak płatności online.",
  method: { blik: "BLIK", redirect: "Przelewy24 (przelew lub karta)" },
  state: { registered: "rozpoczęta", pending: "w toku", paid: "opłacona", failed: "nieudana", refunded: "zwrócona" },
  columns: ["Sposób", "Stan", "Kwota", "Rozpoczęta", "Opłacona", "Nr transakcji Przelewy24", "Zwrot"],
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

export const DECLARATION_TEXT = {
  link: "Pobierz oświadczenie do podpisu (PDF)",
  notarizedNote: "Z załącznikiem dla notariusza.",
  unavailable: "Oświadczenie do podpisu będzie do pobrania, gdy zamówienie zostanie opłacone.",
  cancelled: "Zamówienie anulowano: oświadczenia do podpisu nie przygotowujemy.",
  anonymised: "Dane klienta zanonimizowano: oświadczenia do podpisu nie można już pobrać.",
  notFound: "Nie ma takiego zamówienia.",
  notPaid:
    "Oświadczenie do podpisu można pobrać tylko dla zamówienia opłaconego (albo wysłanego), którego dane nie zostały zanonimizowane.",
} as const;

export const LIST_TEXT = {
  searchLabel: "Szukaj: numer, imiona i nazwiska (w dowolnej kolejności i pisowni), e-mail, telefon, adres, przesyłka",
  from: "Złożone od",
  to: "Złożone do",
  due: "Do wysyłki",
  caption: "Zamówienia, od najnowszych",
  region: "Lista zamówień",
  columns: ["Numer", "Status", "Termin", "Dostawa", "Klient", "Data", "Rodzaj", "Kwota", "Język"],
  dueCaption: "Zamówienia do wysyłki, od najpilniejszych",
  trouble: "Problemy z przesyłką",
  /** Beside the status of an order the customer withdrew from: it waits for the settlement, never for dispatch. */
  withdrawn: "Odstąpiono",
  troubleCaption: "Zamówienia z przesyłką zwróconą, niedoręczoną albo stojącą, od najdłużej w drodze",
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
} as const;

/** The error summary at the top of an order's page, above forms that may be far below. */
export const FORM_ERRORS_TEXT = {
  heading: (form: string) => `Nie zapisano formularza „${form}”. Popraw:`,
} as const;

/** One customer's data on request: the export (RODO art. 15 and 20) and the erasure (art. 17). */
export const CUSTOMER_DATA_TEXT = {
  searchTitle: "Dane klienta (RODO)",
  searchLead:
    "Znajdź klienta po e-mailu, telefonie albo imieniu i nazwisku (jak w wyszukiwarce zamówień), a potem otwórz zamówienie z adresem e-mail, z którego przyszło żądanie. Klient to wszystkie zamówienia z tym adresem e-mail.",
  search: "E-mail, telefon albo imię i nazwisko",
  searchSubmit: "Szukaj",
  noResults: "Nie znaleziono zamówień.",
  results: "Znalezione zamówienia",
  open: "Dane klienta",
  title: "Dane klienta",
  ordersHeading: "Zamówienia klienta",
  requestFrom: (email: string) =>
    `Klient to zamówienia z adresem ${email}. Wykonaj żądanie tylko wtedy, gdy przyszło z tego adresu albo zostało z niego potwierdzone.`,
  joinedByHand: "dołączone ręcznie (ten sam telefon)",
  detach: "Odłącz",
  phoneOnlyHeading: "Ten sam telefon, inny e-mail",
  phoneOnlyLead:
    "Te zamówienia mają numer telefonu klienta, ale inny adres e-mail. Numer telefonu mógł wpisać ktoś inny, dlatego nie należą do eksportu ani do usunięcia danych. Dołącz zamówienie tylko wtedy, gdy sprawdzisz, że złożyła je ta sama osoba, na przykład gdy potwierdzi to z adresu e-mail tego zamówienia.",
  confirmPhoneOnly: (number: string) => `To ta sama osoba: dołącz zamówienie ${number}`,
  join: "Dołącz zaznaczone zamówienia",
  anonymised: "dane usunięte",
  exportHeading: "Eksport danych",
  exportLead:
    "Wszystko, co przechowujemy o tej osobie: zamówienia z podanymi danymi i oświadczeniami złożonymi przy zamówieniu (z datami), treść umowy, dostawa (także paczkomat i daty), płatności i zwroty, oświadczenia o odstąpieniu (także nieprzypisane, wysłane z tego adresu e-mail), opinie, żądania faktur i faktury z numerami KSeF, wiadomości (rodzaj, kiedy i na jaki adres), historia zmian i notatki. JSON to format do przeniesienia danych (art. 20 RODO); PDF jest do przeczytania (art. 15), w języku ostatniego zamówienia klienta.",
  exportJson: "Eksport danych (JSON)",
  exportPdf: "Eksport danych (PDF)",
  eraseHeading: "Usuń dane",
  eraseLead:
    "Usuwa od razu dane osobowe ze wszystkich zamówień tej osoby, tak jak po końcu okresu przechowywania: imiona i nazwiska, kontakt, adresy, treść umowy, notatki i treść e-maili. Zostają numer zamówienia, kwoty, daty i statusy oraz to, kto i kiedy coś zmienił, bo wymagają tego przepisy o rachunkowości i podatkach; wystawione faktury zostają w całości przez 5 lat od końca roku, w którym upłynął termin płatności podatku. Tej operacji nie można cofnąć.",
  eraseInProgress: (numbers: string) =>
    `Nie można teraz usunąć danych: zamówienia ${numbers} są w realizacji (czekają na wpłatę albo na wysyłkę). Najpierw je anuluj albo wyślij.`,
  category: "Podstawa usunięcia",
  categoryMissing: "Wybierz podstawę usunięcia danych.",
  reference: "Numer sprawy (zostaje w historii zmian)",
  referenceHint:
    "Numer, pod którym żądanie jest zapisane u Ciebie, np. RODO/2026/014: litery bez polskich znaków, cyfry i . / _ # -, bez spacji. Bez danych osoby: historia zmian zostaje po usunięciu danych.",
  referenceInvalid: "Podaj numer sprawy: 1–40 znaków, litery bez polskich znaków, cyfry i . / _ # -, bez spacji, np. RODO/2026/014.",
  referenceNamesCustomer:
    "Numer sprawy zawiera dane klienta (imię, nazwisko, część adresu e-mail albo numer telefonu). Podaj sam numer, np. RODO/2026/014: historia zmian zostaje po usunięciu danych.",
  confirm: "Potwierdzam: dane osobowe tego klienta zostaną usunięte od razu i nieodwracalnie",
  confirmMissing: "Zaznacz potwierdzenie: usunięcia danych nie można cofnąć.",
  submit: "Usuń dane",
  erased: (numbers: string) => `Usunięto dane osobowe z zamówień: ${numbers}.`,
  nothingLeft: "Dane osobowe tego klienta zostały już usunięte.",
  notFound: "Nie ma takiego zamówienia.",
  link: "Dane klienta (eksport, usunięcie)",
} as const;

/** Withdrawal statements (art. 11a): the list's tab, its table, linking by hand, and the order page's section. */
export const WITHDRAWAL_TEXT = {
  tab: (all: number, unmatched: number) => `Odstąpienia od umowy (${all}, nieprzypisane: ${unmatched})`,
  unmatchedTab: (unmatched: number) => `Tylko nieprzypisane (${unmatched})`,
  heading: "Oświadczenia o odstąpieniu od umowy",
  none: "Brak oświadczeń o odstąpieniu dla tego filtra.",
  caption: "Oświadczenia o odstąpieniu: nieprzypisane na początku, potem od najnowszych",
  receivedAt: "Otrzymano",
  refundDueBy: "Zwrot najpóźniej",
  name: "Imię i nazwisko",
  reference: "Zamówienie (jak wpisano)",
  email: "E-mail do potwierdzenia",
  order: "Zamówienie",
  unmatched: "Nieprzypisane",
  matchedBy: { token: "z linku zamówienia", details: "numer i e-mail z zamówienia", operator: "przypisane ręcznie" } as Record<
    string,
    string
  >,
  linkLabel: "Numer zamówienia, którego dotyczy",
  linkButton: "Przypisz do zamówienia",
  linked: "Przypisano oświadczenie do zamówienia i oznaczono zamówienie jako odstąpione.",
  linkErrors: {
    unknownOrder: "Nie ma zamówienia o tym numerze. Wpisz numer w postaci AE-RRRR-NNNNNN.",
    alreadyLinked: "To oświadczenie jest już przypisane do zamówienia.",
    notFound: "Nie ma takiego oświadczenia.",
  } as Record<string, string>,
  orderSection: "Odstąpienie od umowy",
  orderWithdrawn: (receivedAt: string, refundBy: string) =>
    `Klient odstąpił od umowy: oświadczenie otrzymano ${receivedAt}. Zwrot należnej kwoty najpóźniej ${refundBy} (14 dni od otrzymania oświadczenia, art. 32 ust. 1 ustawy o prawach konsumenta). Rozliczenie (cały zwrot albo kwota za wykonaną część usługi, zwrot pieniędzy i zamknięcie zamówienia) zapisujesz poniżej.`,
  statements: "Oświadczenia (w brzmieniu potwierdzonym przez klienta albo zapisanym przez obsługę)",
  channel: {
    email: (sentOn: string, by: string) => `Otrzymane e-mailem (wysłane ${sentOn}); zapisane przez ${by}`,
    post: (sentOn: string, by: string) => `Otrzymane pocztą (nadane ${sentOn}); zapisane przez ${by}`,
  },
  late: "Złożone po terminie: wysłane po upływie terminu na odstąpienie od umowy (14 dni od zawarcia umowy, art. 27 ustawy o prawach konsumenta). Zamówienia nie oznaczono jako odstąpione; klient dostał odpowiedź o oświadczeniu złożonym po terminie.",
  paidAfterWithdrawal: {
    note: "Klient odstąpił od umowy. Wpłatę, która przyszła mimo to, zapisz tylko po to, żeby ją zwrócić: klient nie dostanie e-maila o opłaceniu, a zamówienia nie wysyłaj. Potem rozlicz odstąpienie ze zwrotem w sekcji „Odstąpienie od umowy”.",
    confirm: "Potwierdzam: wpłata jest na koncie i zostanie zwrócona",
  },
  acknowledgementWithheld: `Potwierdzenia nie wysłano: wyczerpano dzienny limit potwierdzeń odstąpienia na ten adres (${ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY} na dobę). Jeśli oświadczenie jest prawdziwe, napisz do klienta.`,
  decision: {
    heading: "Rozliczenie odstąpienia",
    full: "Zwrot całej wpłaty (usługa nie została rozpoczęta albo nic nie zatrzymujemy)",
    partial: "Zwrot pomniejszony o kwotę za usługę wykonaną do chwili odstąpienia (art. 35 ustawy o prawach konsumenta)",
    partialOnlyAfterEarlyStart:
      "Kwotę za wykonaną część można zatrzymać tylko wtedy, gdy klient zażądał rozpoczęcia przed upływem terminu na odstąpienie i zapłacił; tu zwracasz całość.",
    retained: "Kwota za wykonaną część usługi (zł)",
    retainedHint: (paid: string) => `Więcej niż 0 i mniej niż wpłata (${paid}).`,
    /** The standard reasons (art. 35): the customer reads the one chosen in their language (payment.json of each language, retained.reasons). */
    reasonCode: "Co wykonano do chwili odstąpienia",
    reasons: {
      owner_confirmed: "Właściciel lokalu potwierdził zgodę na zamieszkanie najemcy",
      declaration_signed: "Oświadczenie właściciela lokalu zostało podpisane",
      handed_to_carrier: "Przesyłka z podpisanym oświadczeniem została nadana (przekazana przewoźnikowi)",
      other: "Inny powód (wpisz go poniżej; klient przeczyta go tak, jak go wpiszesz)",
    },
    reason: "Inny powód: uzasadnienie kwoty",
    submit: "Zapisz rozliczenie",
    expired: (deliveredAt: string) =>
      `Prawo odstąpienia wygasło (art. 38 ust. 1 pkt 1 ustawy o prawach konsumenta): oświadczenie właściciela lokalu zostało doręczone klientowi ${deliveredAt}, przed otrzymaniem oświadczenia o odstąpieniu, a klient zażądał rozpoczęcia przed upływem terminu i przyjął do wiadomości utratę prawa odstąpienia. Oświadczenie klienta pozostaje zapisane.`,
    expiredSubmit: "Wyślij klientowi standardową odpowiedź (w jego języku)",
    errors: {
      decision: "Wybierz rozliczenie, na które pozwalają fakty tego zamówienia.",
      retained: (paid: string) => `Wpisz kwotę większą od 0 i mniejszą od wpłaty (${paid}), np. 120,00.`,
      reason: "Wybierz, co wykonano do chwili odstąpienia, albo wpisz inny powód.",
      refundAmount: (refund: string, paid: string, retained: string) =>
        `Wpisz kwotę większą od 0 i nie większą niż ${refund}: to wpłata (${paid}) minus kwota zatrzymana w rozliczeniu odstąpienia (${retained}).`,
    },
    /** The refund forms' amount once a decision keeps an amount for work done. */
    refundAmount: "Kwota zwrotu (zł)",
    refundHint: (paid: string, retained: string, refund: string) =>
      `Wpłata (${paid}) minus kwota zatrzymana w rozliczeniu odstąpienia (${retained}, art. 35 ustawy o prawach konsumenta): do zwrotu ${refund}. Możesz zwrócić mniej, ale nie więcej.`,
    refused: {
      "not-withdrawn": "To zamówienie nie jest oznaczone jako odstąpione.",
      "already-decided": "Rozliczenie tego odstąpienia jest już zapisane.",
      "not-allowed": "Fakty zamówienia zmieniły się: odśwież stronę i wybierz ponownie.",
      "not-found": "Nie ma takiego zamówienia.",
    } as Record<string, string>,
    done: "Zapisano rozliczenie odstąpienia.",
    decided: {
      full: "Rozliczenie: zwrot całej wpłaty.",
      partial: (retained: string, refund: string, reason: string) =>
        `Rozliczenie: zatrzymujemy ${retained} za wykonaną część usługi (${reason}); do zwrotu ${refund}.`,
      expired: "Rozliczenie: prawo odstąpienia wygasło; klient otrzymał standardową odpowiedź.",
    },
    next: "Zwrot przeprowadzasz w sekcji płatności (zwrot przez Przelewy24) albo anulując zamówienie i zapisując przelew; e-mail do klienta wskaże, że zwrot dotyczy odstąpienia.",
  },
  /** The day the declaration reached the customer, from the carrier's proof: after an early start the right ends then, not on dispatch. */
  delivery: {
    heading: "Zapisz doręczenie z potwierdzenia przewoźnika",
    lead: "Klient zażądał rozpoczęcia przed upływem terminu, a zamówienie wysłano przed otrzymaniem oświadczenia, ale doręczenie nie jest zapisane. Prawo odstąpienia wygasa dopiero z doręczeniem (nie z wysłaniem). Jeśli przewoźnik potwierdza doręczenie, wpisz dzień i godzinę z jego potwierdzenia; bez tego rozlicz odstąpienie jak zwykle.",
    deliveredOn: "Dzień doręczenia",
    deliveredTime: "Godzina doręczenia",
    source: "Potwierdzenie doręczenia (przewoźnik, rodzaj i numer)",
    sourceHint: "Na przykład: DPD, status „doręczono” przesyłki 1234567890. Zapis trafi do historii zamówienia.",
    submit: "Zapisz doręczenie",
    done: "Zapisano doręczenie; zostało odnotowane w historii zamówienia.",
    errors: {
      day: "Wpisz dzień doręczenia (nie późniejszy niż dziś).",
      time: "Wpisz godzinę doręczenia jako GG:MM, nie późniejszą niż teraz.",
      source: "Podaj potwierdzenie doręczenia (3–200 znaków w jednym wierszu).",
    },
    refused: {
      "not-found": "Nie ma takiego zamówienia.",
      "not-dispatched": "Zamówienie nie zostało wysłane: nie ma czego doręczyć.",
      "already-delivered": "Doręczenie tego zamówienia jest już zapisane: odśwież stronę.",
      "before-dispatch": "Doręczenie nie może być wcześniejsze niż wysłanie zamówienia.",
      future: "Doręczenie nie może być późniejsze niż teraz.",
    },
  },
  /** A statement that came by e-mail or by post, recorded by the operator (docs/decisions/063). */
  record: {
    heading: "Zapisz oświadczenie otrzymane e-mailem lub pocztą",
    lead: "Tutaj zapisz oświadczenie o odstąpieniu złożone e-mailem albo listem. Dalej wszystko jak przy formularzu na stronie: w terminie zamówienie zostanie oznaczone jako odstąpione od chwili otrzymania, klient dostanie potwierdzenie z treścią i czasem otrzymania na adres z zamówienia, a zwrot należy się w 14 dni od otrzymania. Wysłane po terminie zostanie zapisane jako złożone po terminie, bez zmian w zamówieniu.",
    channel: "Jak przyszło",
    email: "E-mailem",
    post: "Pocztą (list)",
    sentOn: "Dzień wysłania (data e-maila albo stempla pocztowego)",
    receivedOn: "Dzień otrzymania",
    receivedTime: "Godzina otrzymania",
    sender: "Adres e-mail nadawcy (przy e-mailu)",
    senderHint: "Jeśli jest inny niż adres z zamówienia, dostanie potwierdzenie otrzymania bez treści.",
    text: "Treść oświadczenia albo opis skanu listu",
    textHint:
      "Przepisz lub wklej treść; przy liście możesz opisać skan (np. „formularz odstąpienia, podpisany, skan w dokumentacji”). Klient zobaczy ją w potwierdzeniu.",
    submit: "Zapisz oświadczenie",
    done: "Zapisano oświadczenie o odstąpieniu; klient dostanie potwierdzenie e-mailem.",
    doneLate: "Zapisano oświadczenie złożone po terminie; zamówienie pozostaje bez zmian, a klient dostanie odpowiedź e-mailem.",
    errors: {
      channel: "Wybierz, jak przyszło oświadczenie.",
      sentOn: "Wpisz dzień wysłania (nie późniejszy niż dziś).",
      sentAfterReceived: "Dzień wysłania nie może być późniejszy niż dzień otrzymania.",
      day: "Wpisz dzień otrzymania (nie późniejszy niż dziś).",
      time: "Wpisz godzinę otrzymania jako GG:MM, nie późniejszą niż teraz.",
      email: "Wpisz adres e-mail, z którego przyszło oświadczenie.",
      text: "Wpisz treść oświadczenia albo opis skanu (do 4000 znaków).",
      notFound: "Tego zamówienia nie można już uzupełnić (nie istnieje albo jego dane usunięto).",
    },
  },
  /** One form for an order that has not gone out: the decision, the money back and the cancellation (docs/decisions/058). */
  settle: {
    heading: "Rozliczenie odstąpienia",
    lead: "Jeden formularz: zapisuje rozliczenie, zwraca pieniądze i anuluje zamówienie z powodem „odstąpienie od umowy”. Klient dostanie jeden e-mail w swoim języku.",
    heldOnline: (amount: string) =>
      `Płatność online (${amount}) wróci do klienta przez Przelewy24 w tym samym kroku (pomniejszona o kwotę za wykonaną część, jeśli ją wpiszesz). Jeśli Przelewy24 nie przyjmie zwrotu, nic nie zostanie zapisane.`,
    heldTransfer: (amount: string) =>
      `Wpłata przelewem (${amount}) wraca przelewem na rachunek klienta (pomniejszona o kwotę za wykonaną część, jeśli ją wpiszesz).`,
    nothingHeld: "Zamówienie nie zostało opłacone: nie ma czego zwracać.",
    transferRefund: "Przelew zwrotny",
    transferSent: "Przelew zwrotny jest już wysłany: zapisz zwrot z dzisiejszą datą",
    transferDue: "Przelew zwrotny zostanie wysłany później: zapisz kwotę jako do zwrotu (a po wysłaniu zapisz zwrot w sekcji „Poprawki”)",
    confirm: (inLanguage: string) => `Potwierdzam: zamówienie zostanie anulowane, a klient dostanie e-mail ${inLanguage}`,
    submit: "Rozlicz odstąpienie i zamknij zamówienie",
    errors: {
      transferRefund: "Wybierz, czy przelew zwrotny jest już wysłany, czy dopiero do wysłania.",
      confirm: "Zaznacz potwierdzenie: anulowania i zwrotu nie można cofnąć.",
    },
    refused: {
      "not-found": "Nie ma takiego zamówienia.",
      "not-settleable": "Tego zamówienia nie można już rozliczyć tym formularzem (zostało wysłane albo anulowane): odśwież stronę.",
      "already-decided": "Rozliczenie tego odstąpienia jest już zapisane.",
      "not-allowed": "Fakty zamówienia zmieniły się: odśwież stronę i wybierz ponownie.",
    },
    done: "Rozliczono odstąpienie: zamówienie anulowano, a klient dostał e-mail z powodem i kwotą zwrotu.",
  },
} as const;

/** Customers' reviews (docs/decisions/052): the list to decide on, and what the home page then shows. */
export const REVIEW_TEXT = {
  title: "Opinie klientów",
  link: (pending: number) => `Opinie klientów (do oceny: ${pending})`,
  lead: "Klient pisze opinię przez link z e-maila wysłanego po doręczeniu przesyłki (gdy InPost je zgłosi) albo 10 dni po wysyłce zamówienia. Na stronie głównej pokazujemy zatwierdzone opinie (z imieniem, miastem, oceną, miesiącem i napisem „Zweryfikowane zamówienie”), ale dopiero gdy zatwierdzone są co najmniej trzy. Zatwierdzaj także opinie krytyczne: odrzucaj tylko treści niezgodne z prawem, obraźliwe, z danymi innych osób albo niezwiązane z usługą. Pomijanie niekorzystnych opinii wprowadza w błąd (art. 7 pkt 23b ustawy o przeciwdziałaniu nieuczciwym praktykom rynkowym).",
  tabs: { pending: "Do oceny", approved: "Zatwierdzone", rejected: "Odrzucone" },
  none: "Brak opinii w tej grupie.",
  order: "Zamówienie",
  stars: (stars: number) => `Ocena: ${stars} na 5`,
  shownAs: "Podpis",
  language: "Język",
  written: "Napisano",
  changed: "zmieniono",
  decided: (by: string, at: string) => `Decyzja: ${by}, ${at}`,
  approve: "Zatwierdź do publikacji",
  reject: "Odrzuć",
  approved:
    "Zatwierdzono opinię. Strona główna pokaże ją, gdy odświeży swoją kopię w pamięci podręcznej (domyślnie do minuty), jeśli zatwierdzone są co najmniej trzy.",
  rejected: "Odrzucono opinię. Nie będzie widoczna na stronie.",
  unchanged: "Ta opinia ma już taki status.",
  notFound: "Nie ma takiej opinii.",
  /** The customer's objection to the review request, on the customer's data page. */
  objection: {
    heading: "Sprzeciw wobec prośby o opinię",
    lead: "Jeśli klient nie chce e-maila z prośbą o opinię (sprzeciw, art. 21 RODO), zapisz to tutaj: prośba nie zostanie wysłana do żadnego z jego zamówień, także do późniejszych z tym samym adresem e-mail. Sprzeciw zostaje w historii każdego zamówienia.",
    submit: "Zapisz sprzeciw wobec prośby o opinię",
    recorded: (numbers: string) => `Zapisano sprzeciw wobec prośby o opinię w zamówieniach: ${numbers}.`,
    alreadyAsked: (numbers: string) => `Do zamówień ${numbers} prośba została już wysłana wcześniej; kolejnej nie będzie.`,
    nothingNew: "Sprzeciw był już zapisany we wszystkich zamówieniach tego klienta.",
  },
} as const;
/** InPost shipping on the order's page and the list (docs/decisions/048). */
/** The delivery box at the top of an order's page, and the delivery column of the list and the CSV. */
export const LABEL_TEXT = {
  heading: "Adres do korespondencji (na etykietę przesyłki)",
  lockerHeading: "Paczkomat odbioru (na etykietę przesyłki)",
  locker: "Paczkomat InPost",
  courier: "Kurier",
} as const;

export const SHIPPING_TEXT = {
  heading: "Wysyłka",
  method: "Sposób dostawy",
  courier: "Kurier na adres do korespondencji",
  locker: (name: string, address: string | null) => `Paczkomat InPost ${name}${address ? `, ${address}` : ""}`,
  lockerUnchecked: "Nazwę wpisał klient, gdy wyszukiwarka InPost nie działała: sprawdź ją przed nadaniem.",
  trackingNumber: "Numer przesyłki InPost",
  trackingPending: "InPost jeszcze nie nadał numeru (przesyłka czeka na potwierdzenie)",
  status: "Status w InPost",
  delivered: "Doręczono",
  ship: "Nadaj przesyłkę",
  shipHint:
    "Tworzy przesyłkę w InPost (szablon „small”, koperta A4) z etykietą. Zamówienie będzie wysłane, gdy InPost potwierdzi, że ma przesyłkę (odbiór przez kuriera albo nadanie w paczkomacie).",
  confirmNote: (inLanguage: string) =>
    `InPost od razu utworzy płatną przesyłkę. Gdy ją odbierze, klient dostanie e-mail ${inLanguage} z jej numerem. Sprawdź zamówienie przed zaznaczeniem.`,
  confirm: "Potwierdzam: nadaj przesyłkę w InPost, klient dostanie e-mail z numerem, gdy InPost ją odbierze",
  label: "Etykieta (PDF)",
  done: "Przesyłka utworzona w InPost, etykieta gotowa. Zamówienie oznaczymy jako wysłane, a klient dostanie e-mail z numerem, gdy InPost odbierze przesyłkę.",
  awaitingPickup:
    "Etykieta gotowa: przesyłka czeka na odbiór przez InPost. Zamówienie oznaczymy jako wysłane (klient dostanie e-mail z numerem), gdy InPost potwierdzi, że ją ma.",
  batch: "Nadaj wszystkie gotowe do wysyłki",
  batchHint: "Pokazuje opłacone zamówienia gotowe do wysyłki; nadajesz je po sprawdzeniu listy i potwierdzeniu.",
  batchTitle: "Nadaj gotowe do wysyłki",
  batchLead:
    "Zaznaczone zamówienia zostaną nadane w InPost jedno po drugim: każde dostanie przesyłkę z numerem i etykietą, którą pobierzesz potem jednym plikiem PDF. Każde będzie wysłane, a klient dostanie e-mail z numerem, gdy InPost odbierze przesyłkę.",
  batchReady: "Gotowe do wysyłki",
  batchWaiting: "Czekają",
  batchWaitingLead: "Tych zamówień jeszcze nie wysyłamy:",
  batchNone: "Nie ma opłaconych zamówień gotowych do wysyłki.",
  batchColumns: ["Nadać", "Numer", "Klient", "Dostawa", "Wysyłka do"],
  batchChoose: (number: string) => `Nadaj ${number}`,
  batchChooseOne: "Zaznacz co najmniej jedno zamówienie do nadania.",
  batchConfirmNote:
    "InPost od razu utworzy płatne przesyłki. Gdy odbierze każdą z nich, klient dostanie e-mail w swoim języku z numerem przesyłki.",
  batchConfirm: "Potwierdzam: nadaj zaznaczone przesyłki w InPost, klienci dostaną e-mail z numerem, gdy InPost je odbierze",
  batchSubmit: "Nadaj zaznaczone",
  batchShipped: (shipped: number, all: number) => `Utworzone przesyłki: ${shipped} z ${all}.`,
  batchShippedAs: (trackingNumber: string) => `utworzona, numer ${trackingNumber}; czeka na odbiór przez InPost`,
  batchLabels: "Pobierz etykiety nadanych przesyłek (PDF)",
  batchBack: "← Do wysyłki",
  waitingPeriod: (until: string) =>
    `okres odstąpienia trwa do ${until} włącznie, a klient nie zażądał wcześniejszego rozpoczęcia: wysyłamy po nim`,
  waitingPickup: "etykieta gotowa, przesyłka czeka na odbiór przez InPost; zamówienie będzie wysłane, gdy InPost ją odbierze",
  waitingLocker: "nazwę paczkomatu klient wpisał sam, gdy wyszukiwarka InPost nie działała: sprawdź ją i nadaj z karty zamówienia",
  notReady: "Zamówienie nie jest już gotowe do wysyłki (odstąpione, anulowane albo zmienione w międzyczasie).",
  notPaid: "Nadać można tylko opłacone zamówienie.",
  withdrawn: "Klient odstąpił od umowy: tego zamówienia nie wysyłamy. Rozlicz odstąpienie na karcie zamówienia.",
  inProgress:
    "To zamówienie jest właśnie nadawane (w innym oknie albo przez inną osobę). Odśwież stronę za chwilę: nie powstanie druga przesyłka.",
  pending:
    "InPost przyjął przesyłkę, ale jeszcze jej nie potwierdził. Spróbuj za chwilę: ta sama przesyłka zostanie odnaleziona, nie powstanie druga.",
  unavailable:
    "InPost nie odpowiada. Spróbuj ponownie za kilka minut: ponowna próba odnajdzie przesyłkę, jeśli powstała, i nie utworzy drugiej.",
  refused: (reason: string) => `InPost odmówił nadania: ${reason}. Nic nie zostało nadane.`,
  tokenRefused: "InPost nie przyjął tokenu API (INPOST_API_TOKEN)",
  organizationRefused: "token nie ma dostępu do organizacji INPOST_ORGANIZATION_ID",
  invalidData: (fields: string) => `nieprawidłowe dane przesyłki (${fields}); popraw je w danych klienta`,
  field: {
    phone: "telefon odbiorcy",
    email: "e-mail odbiorcy",
    address: "adres odbiorcy",
    target_point: "paczkomat",
    service: "usługa",
    parcels: "gabaryt",
  } as Record<string, string>,
  /** The list's flag on a dispatched order whose InPost parcel came back, cannot be delivered or is stuck. */
  troubleStatus: (status: string) => `Przesyłka InPost: ${status}`,
  troubleStuck: (since: string) => `Przesyłka InPost w drodze od ${since}: dłużej niż powinna`,
} as const;

/** InPost's shipment statuses in Polish words, for the order's page and the list. */
export const SHIPMENT_STATUS_LABEL: Record<string, string> = {
  requested: "zlecona, czeka na odpowiedź InPost",
  created: "utworzona",
  confirmed: "potwierdzona (etykieta gotowa)",
  dispatched_by_sender: "nadana w paczkomacie",
  collected_from_sender: "odebrana od nadawcy",
  taken_by_courier: "odebrana przez kuriera",
  adopted_at_source_branch: "w oddziale nadawczym",
  sent_from_source_branch: "w drodze",
  out_for_delivery: "wydana do doręczenia",
  ready_to_pickup: "czeka w paczkomacie",
  delivered: "doręczona",
  avizo: "awizo",
  returned_to_sender: "zwrócona do nadawcy",
  rejected_by_receiver: "odmowa przyjęcia",
  undelivered: "niedoręczona",
  stack_in_customer_service_point: "przekierowana do POP",
  stack_parcel_pickup_time_expired: "upłynął czas odbioru",
  canceled: "anulowana",
  missing: "zaginiona",
};
