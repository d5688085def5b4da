import { LOCALE_LABEL } from "~/order/admin-texts";
import type { Locale } from "~/i18n/locales";

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** "1 godz.", "5 min": Polish abbreviations need no plural forms. */
function ago(ms: number): string | null {
  if (ms < MINUTE_MS) return "przed chwilą";
  if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)} min temu`;
  if (ms < 24 * HOUR_MS) return `${Math.floor(ms / HOUR_MS)} godz. temu`;
  return null;
}

/** The back office's words about the customers' messages and the reply templates (Polish only, as the whole back office). */
export const MESSAGES_TEXT = {
  title: "Wiadomości",
  lead: "Pytania klientów ze stron zamówień i z formularza kontaktowego. Najpierw te bez odpowiedzi, od najdłużej czekającego. Odpowiedź dostaje klient e-mailem w języku zamówienia.",
  none: "Nie ma jeszcze żadnych wiadomości.",
  unanswered: "Bez odpowiedzi",
  answered: "Z odpowiedzią",
  contact: "Formularz kontaktowy",
  language: (locale: Locale) => `język: ${LOCALE_LABEL[locale]}`,
  asked: "pytanie",
  /** How long the question has waited: "2 godz. temu", or its Warsaw date and time after a day. */
  age: (lastCustomerAt: string | null, now: Date, warsawTime: (iso: string) => string): string => {
    if (!lastCustomerAt) return "—";
    return ago(now.getTime() - Date.parse(lastCustomerAt)) ?? warsawTime(lastCustomerAt);
  },
  open: "Otwórz rozmowę",
  thread: {
    heading: "Rozmowa z klientem",
    title: (name: string) => `Rozmowa: ${name}`,
    back: "← Wiadomości",
    none: "Klient nie napisał jeszcze żadnej wiadomości.",
    customer: "Klient",
    operator: (email: string | null) => (email ? `Obsługa (${email})` : "Obsługa"),
    erased: "(treść usunięta na żądanie klienta)",
    email: "E-mail",
    language: "Język",
    name: "Imię i nazwisko",
    order: "Zamówienie",
  },
  answer: {
    heading: "Odpowiedź",
    label: (inLanguage: string) => `Treść odpowiedzi (${inLanguage})`,
    hint: (max: number) =>
      `Najwyżej ${max} znaków. Klient dostanie ją e-mailem z linkiem do strony zamówienia i zobaczy ją na tej stronie; tekst nie staje się linkiem ani formatowaniem.`,
    hintContact: (max: number) => `Najwyżej ${max} znaków. Klient dostanie ją e-mailem; tekst nie staje się linkiem ani formatowaniem.`,
    template: "Szablon odpowiedzi",
    templateForm: "Wybór szablonu odpowiedzi",
    templateNone: "— wybierz szablon —",
    useTemplate: "Użyj szablonu",
    templateHint:
      "Wstawia tekst szablonu w języku klienta, z numerem zamówienia, terminem i kwotą; to, co już wpisano w polu odpowiedzi, zostanie zastąpione.",
    preview: "Podgląd",
    previewHeading: "Tak klient zobaczy odpowiedź",
    send: "Wyślij odpowiedź",
    sent: "Odpowiedź zapisana; e-mail do klienta czeka w kolejce wysyłki.",
    empty: "Wpisz treść odpowiedzi.",
    tooLong: (max: number, length: number) => `Odpowiedź może mieć najwyżej ${max} znaków (teraz: ${length}).`,
    placeholdersLeft: (left: readonly string[]) =>
      `Zastąp w tekście: ${left.join(", ")}. Tych miejsc nie dało się wypełnić danymi zamówienia; klient nie może ich dostać.`,
    notFound: "Nie ma takiej rozmowy albo dane klienta zostały usunięte: odpowiedzi nie ma komu wysłać.",
    templateMissing: "Nie ma już takiego szablonu; wybierz inny.",
    refused: "Nie wysłano odpowiedzi.",
  },
  templates: {
    title: "Szablony odpowiedzi",
    link: "Szablony odpowiedzi",
    lead: "Gotowe odpowiedzi, każda w czterech językach. W rozmowie wybrany szablon wstawia tekst w języku klienta. W treści można użyć: {{numer}} (numer zamówienia), {{termin}} (obiecany dzień wysyłki), {{kwota}} (cena zamówienia), zapisanych w języku klienta.",
    none: "Nie ma żadnego szablonu.",
    add: "Dodaj szablon",
    edit: "Zmień",
    updated: (at: string) => `Ostatnia zmiana: ${at}`,
    editHeading: (title: string) => `Zmiana szablonu „${title}”`,
    titleLabel: "Tytuł (widoczny tylko w panelu)",
    body: (locale: Locale) => `Treść: ${LOCALE_LABEL[locale]}`,
    save: "Zapisz szablon",
    cancel: "Anuluj",
    remove: "Usuń szablon",
    removeConfirm: "Tak, usuń ten szablon",
    saved: (title: string) => `Zapisano szablon „${title}”.`,
    removed: (title: string) => `Usunięto szablon „${title}”.`,
    errors: {
      titleEmpty: "Wpisz tytuł szablonu.",
      titleTooLong: (max: number) => `Tytuł może mieć najwyżej ${max} znaków.`,
      titleTaken: "Szablon o tym tytule już jest; wybierz inny tytuł albo zmień tamten szablon.",
      bodyEmpty: "Wpisz treść w tym języku: odpowiedź idzie w języku klienta.",
      bodyTooLong: (max: number) => `Treść może mieć najwyżej ${max} znaków.`,
      controlCharacters: "Tekst zawiera niedozwolone znaki sterujące (np. tabulator); usuń je.",
      confirm: "Zaznacz, że chcesz usunąć ten szablon.",
      gone: "Tego szablonu już nie ma: ktoś go usunął albo zmienił jego tytuł.",
    },
    refused: "Nie zapisano szablonu.",
  },
  today: "Wiadomości bez odpowiedzi",
};
