/**
 * The back office speaks Polish only (issue 9: the operator is the Polish business), so its
 * words live in the code rather than in the four-language locale files of the public site: the
 * words of each feature's screens in that feature's admin-texts.ts (the order's in
 * app/order/admin-texts.ts and app/order/lifecycle/admin-texts.ts), and here the words of the back
 * office's own pages: signing in, the order list and its search, the declaration and the customer's data.
 */
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
