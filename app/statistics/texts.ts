import { PAYMENT_TEXT } from "~/payments/admin-texts";
import type { PaymentWay } from "./payment-way";

/** The statistics page's and the sales register's words (Polish only, as the whole back office). */
export const STATISTICS_TEXT = {
  title: "Statystyki",
  way: { transfer: "Przelew na rachunek", ...PAYMENT_TEXT.method } satisfies Record<PaymentWay, string>,
  noInvoice: "brak",
  lastThirtyDays: "Ostatnie 30 dni",
  months: "Ostatnie 12 miesięcy",
  monthsCaption: "Liczby z ostatnich 12 miesięcy (od najnowszego); bieżący miesiąc do dziś",
  placed: "Złożone zamówienia",
  paid: "Opłacone",
  cancelled: "Anulowane",
  withdrawn: "Odstąpienia od umowy",
  medianDispatch: "Mediana czasu od zapłaty do wysyłki",
  noDispatch: "brak wysyłek",
  gross: "Brutto",
  net: "Netto",
  vat: "VAT",
  exemptNote: "Sprzedawca jest zwolniony z VAT: netto równa się brutto, a VAT wynosi 0 zł.",
  countingNote:
    "Zamówienia, rodzaje i języki liczone są według dnia złożenia; sposoby płatności i kwoty według dnia zapłaty; anulowania, odstąpienia i wysyłki według ich dnia (czas polski). Kwoty dotyczą zamówień opłaconych w danym okresie.",
  byWay: "Sposób płatności (opłacone)",
  byType: "Rodzaj oświadczenia (złożone)",
  byLocale: "Język klienta (złożone)",
  month: "Miesiąc",
  type: { regular: "zwykłe", notarized: "notarialne" },
  period: (firstDay: string, lastDay: string) => `od ${firstDay} do ${lastDay}`,
  scale: (most: string) => `najwyżej ${most}`,
  paidChart: "Opłacone zamówienia w kolejnych miesiącach",
  grossChart: "Sprzedaż brutto w kolejnych miesiącach",
  register: "Rejestr sprzedaży (CSV)",
  registerNote:
    "Dla księgowości: jeden wiersz na zamówienie opłacone albo zwrócone w danym miesiącu (czas polski), z datą zapłaty, numerem faktury, kwotami netto, VAT i brutto, sposobem płatności i zwrotem.",
  registerMonth: "Miesiąc rejestru (RRRR-MM)",
  registerButton: "Pobierz rejestr sprzedaży (CSV)",
  registerLink: "Rejestr CSV",
  badMonth: "Podaj miesiąc rejestru w postaci RRRR-MM, na przykład 2026-11.",
  registerRefused: "Nie pobrano rejestru sprzedaży. Popraw:",
} as const;

/** "1 dzień", "2 dni", "1,5 dnia": a median of whole days is a whole or a half day. */
export function daysText(days: number | null): string {
  if (days === null) return STATISTICS_TEXT.noDispatch;
  if (!Number.isInteger(days)) return `${String(days).replace(".", ",")} dnia`;
  return days === 1 ? "1 dzień" : `${days} dni`;
}

const MONTH_NAME = new Intl.DateTimeFormat("pl-PL", { month: "long", year: "numeric", timeZone: "UTC" });
const MONTH_SHORT = new Intl.DateTimeFormat("pl-PL", { month: "short", timeZone: "UTC" });

/** "listopad 2026" for "2026-11". */
export function monthName(month: string): string {
  return MONTH_NAME.format(new Date(`${month}-15T12:00:00Z`));
}

/** "lis" for "2026-11": a chart's axis label. */
export function monthShort(month: string): string {
  return MONTH_SHORT.format(new Date(`${month}-15T12:00:00Z`));
}
