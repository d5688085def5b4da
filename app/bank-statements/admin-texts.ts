import { formatPrice } from "~/i18n/money";
import type { ToCheck } from "./matching";
import type { CsvBank, Refusal, StatementFormat } from "./statement-line";

const zl = (grosze: number) => formatPrice(grosze, "pl");
const orders = (numbers: readonly string[]) => numbers.join(", ");

/** The back office's words about bank statements (Polish only, as the whole back office; docs/decisions/080). */
export const STATEMENT_TEXT = {
  title: "Wyciąg z banku",
  lead: "Wczytaj wyciąg lub historię rachunku pobraną z bankowości internetowej: MT940 (.sta, .mt940, .txt), camt.053 (XML) albo CSV z mBanku, ING, Aliora lub PKO BP. Przelew, którego tytuł zawiera numer zamówienia, a kwota równa się jego cenie, oznaczamy jako opłacony tak samo jak przyciskiem „Oznacz jako opłacone”: klient dostaje e-mail, a faktura (jeśli o nią prosił) jest wystawiana. Wszystkie inne wpłaty czekają niżej, w „Do sprawdzenia”.",
  fileLabel: "Plik wyciągu",
  fileHint:
    "Najwyżej 5 MB. Ten sam plik albo wyciągi, które się zazębiają, można wczytać ponownie: żadna pozycja nie zostanie użyta drugi raz.",
  bankLabel: "Z którego banku jest ten plik CSV?",
  bankHint: "Kolumny pliku nie wskazują jednoznacznie banku. Wybierz bank i wczytaj plik jeszcze raz.",
  bank: { mbank: "mBank", ing: "ING Bank Śląski", alior: "Alior Bank", pko: "PKO BP" } satisfies Record<CsvBank, string>,
  submit: "Wczytaj wyciąg",
  noFile: "Wybierz plik wyciągu.",
  refused: "Nie wczytano wyciągu i niczego nie oznaczono.",
  refusal: (refusal: Refusal): string => {
    switch (refusal.refusal) {
      case "empty":
        return "Plik jest pusty.";
      case "tooLarge":
        return `Plik jest za duży: wyciąg może mieć najwyżej ${Math.floor(refusal.limitBytes / 1024 / 1024)} MB.`;
      case "binary":
        return "To nie jest plik tekstowy wyciągu (np. PDF, arkusz Excela albo archiwum). Pobierz z banku wyciąg w formacie MT940, camt.053 (XML) albo CSV.";
      case "html":
        return "To jest strona internetowa (HTML), a nie wyciąg, choć nazwa pliku może sugerować CSV. Pobierz z banku wyciąg w formacie MT940, camt.053 (XML) albo CSV.";
      case "unknownFormat":
        return "Nie rozpoznano formatu pliku. Obsługujemy MT940, camt.053 (XML) oraz CSV z mBanku, ING, Aliora i PKO BP.";
      case "unreadable":
        return `Nie udało się odczytać wiersza ${refusal.line} pliku (${formatName(refusal.format)}). Plik może być uszkodzony albo zmieniony ręcznie.`;
      case "balancesDoNotAddUp":
        return `Salda wyciągu ${refusal.statement} się nie zgadzają: saldo otwarcia ${zl(refusal.openingGrosze)} i obroty ${zl(refusal.turnoverGrosze)} nie dają salda zamknięcia ${zl(refusal.closingGrosze)}. Brakuje pozycji albo plik jest uszkodzony, więc nie użyliśmy żadnej.`;
    }
  },
  /** The whole upload was over the limit before it was read. */
  tooLarge: "Plik jest za duży: wyciąg może mieć najwyżej 5 MB.",
  sameFile: "Ten plik był już wczytany. Nic się nie zmieniło.",
  unfinished:
    "Ten plik jest właśnie wczytywany albo jego wczytywanie przerwano. Jeśli liczby się nie zmieniają, wczytaj plik ponownie za 2 minuty: pozycje już użyte nie zostaną użyte drugi raz.",
  result: {
    title: (fileName: string) => `Wyciąg ${fileName}`,
    read: (at: string, by: string) => `Wczytano ${at}, ${by}.`,
    counts: "Pozycje wyciągu",
    paid: "Oznaczone jako opłacone",
    toCheck: "Do sprawdzenia",
    readBefore: "Wczytane już wcześniej (bez zmian)",
    notOurs: "Obciążenia i wpływy niezwiązane z zamówieniami",
    paidList: "Opłacone zamówienia",
    none: "Żadne zamówienie nie zostało oznaczone jako opłacone.",
    back: "← Wyciąg z banku",
  },
  recent: "Ostatnio wczytane wyciągi",
  recentNone: "Nie wczytano jeszcze żadnego wyciągu.",
  toCheck: {
    heading: "Do sprawdzenia",
    lead: "Te wpłaty mogą dotyczyć zamówień, ale nie oznaczyliśmy ich samodzielnie. Przypisz wpłatę do zamówienia (oznaczy je jako opłacone), zaznacz, że pieniądze trzeba oddać, albo pomiń wpłatę, która nas nie dotyczy.",
    none: "Nic nie czeka na sprawdzenie.",
    amount: "Kwota",
    date: "Data",
    payer: "Nadawca",
    title: "Tytuł",
    account: "Rachunek",
    reasonLabel: "Powód",
    orderLabel: "Numer zamówienia",
    orderHint: "Na przykład AE-2026-000123.",
    price: (number: string, price: number, difference: number) =>
      `${number}: cena ${zl(price)}, ${difference === 0 ? "kwota zgodna" : `różnica ${difference > 0 ? "+" : "−"}${zl(Math.abs(difference))}`}`,
    assign: "Przypisz do zamówienia",
    refund: "Zwrot do wykonania",
    skip: "Pomiń",
  },
  refunds: {
    heading: "Zwroty do wykonania",
    lead: "Te wpłaty trzeba oddać przelewem na rachunek nadawcy.",
  },
  reason: (toCheck: ToCheck): string => {
    switch (toCheck.reason) {
      case "tooLittle":
        return `Kwota mniejsza niż cena zamówienia ${toCheck.orderNumber} o ${zl(-toCheck.differenceGrosze)}.`;
      case "tooMuch":
        return `Kwota większa niż cena zamówienia ${toCheck.orderNumber} o ${zl(toCheck.differenceGrosze)}.`;
      case "noCode":
        return `Tytuł nie zawiera numeru zamówienia. Kwota i nazwisko pasują do: ${orders(toCheck.candidates)}.`;
      case "twoCodes":
        return `Jeden przelew za kilka zamówień: ${orders(toCheck.orderNumbers)}.`;
      case "alreadyPaid":
        return `Zamówienie ${toCheck.orderNumber} było już opłacone: to druga wpłata, do zwrotu.`;
      case "cancelled":
        return `Zamówienie ${toCheck.orderNumber} jest anulowane.`;
      case "unknownOrder":
        return `Nie ma zamówienia ${toCheck.orderNumber}.`;
      case "foreignCurrency":
        return `Wpłata w walucie ${toCheck.currency}, nie w złotych (${orders(toCheck.orderNumbers)}).`;
      case "splitPayment":
        return `Przelew w mechanizmie podzielonej płatności: część kwoty trafiła na rachunek VAT (${orders(toCheck.orderNumbers)}).`;
      case "undone":
        return `Opłacenie zamówienia ${toCheck.orderNumber} tą wpłatą cofnięto („Cofnij”). Zdecyduj o wpłacie jeszcze raz.`;
    }
  },
  resolved: {
    assigned: (number: string) => `Wpłatę przypisano do zamówienia ${number}; zamówienie jest opłacone.`,
    refund: "Wpłata czeka na zwrot (lista „Zwroty do wykonania”).",
    skipped: "Wpłatę pominięto.",
  },
  assignErrors: {
    number: "Wpisz numer zamówienia, np. AE-2026-000123.",
    unknown: (number: string) => `Nie ma zamówienia ${number}.`,
    notAwaiting: (number: string, status: string) =>
      `Zamówienie ${number} nie czeka na wpłatę (status: ${status}). Jeśli to druga wpłata, wybierz „Zwrot do wykonania”; anulowane zamówienie wznów na jego stronie.`,
    foreignCurrency: "Wpłaty w obcej walucie nie można przypisać do zamówienia: zaksięguj ją ręcznie albo oddaj.",
  },
  alreadyResolved: "Tę wpłatę ktoś już rozpatrzył.",
  lineNotFound: "Nie ma takiej pozycji wyciągu.",
  format: (format: string) => formatName(format as StatementFormat),
};

function formatName(format: StatementFormat): string {
  if (format === "mt940") return "MT940";
  if (format === "camt053") return "camt.053";
  return `CSV ${STATEMENT_TEXT.bank[format.slice(4) as CsvBank] ?? format}`;
}
