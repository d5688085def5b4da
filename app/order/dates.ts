/*
 * The lease start as people type it. The form asks for day.month.year ("1.12.2026") in a plain text
 * field: a browser's date control shows its own locale's order and turned "1.12.2026" typed key by
 * key into 11/22/0026. Every other common way of writing a day is read too, when it can mean only
 * one day: YYYY-MM-DD (the JSON API), other separators ("2-12-2026", "2,12,2026", "2 12 2026"), a
 * two-digit year, the eight digits a phone's number pad allows ("02122026"), and a month written
 * out in any of the site's languages, in full or shortened, with the day before or after it and the
 * year word people add ("2 грудня 2026 р.", "2 grudnia 2026 r.", "Dec 2, 2026"). Slashes are the
 * one separator written both day first and month first: "25/12/2026" is read, "2/12/2026" is not,
 * and the message says which form to use (docs/decisions/042). No zod here: the form echoes the
 * date in words as it is typed, so the reader sees which day was read.
 */

/** How a typed date was read: the day, or why there is none. */
export type DateReading = { iso: string } | { problem: "invalid" | "ambiguous" };

/** "2026-12-01" for "1.12.2026", "2026-12-01", "1 grudnia 2026"…; null when it is not one day written a way we read. */
export function isoDateOf(value: string): string | null {
  const reading = readDate(value);
  return "iso" in reading ? reading.iso : null;
}

const INVALID: DateReading = { problem: "invalid" };
/** The word some languages put after a year: "r." and "roku", "р." and "року", "г." and "года". */
const YEAR_WORD = /\s*(?:r\.?|roku|р\.?|року|г\.?|года)$/u;
/** The shortest start of a month's name that is read as that month ("gru", "dec", "дек"). */
const SHORTEST_MONTH_PREFIX = 3;

export function readDate(value: string): DateReading {
  const text = value.normalize("NFC").trim().toLocaleLowerCase("pl").replace(YEAR_WORD, "");
  const compact = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (compact) return dayOf(compact[3]!, compact[2]!, compact[1]!);
  const tokens = text.match(/\p{L}+|\d+/gu) ?? [];
  // Nothing but the parts and separators between them.
  if (tokens.length !== 3 || text.replace(/\p{L}+|\d+|[\s.,/-]/gu, "") !== "") return INVALID;
  const words = tokens.filter((token) => !/^\d+$/.test(token));
  const [a, b, c] = tokens as [string, string, string];
  if (words.length === 1) {
    const month = monthNamed(words[0]!);
    if (month === null) return INVALID;
    // "2 grudnia 2026" (day, month, year) or "December 2, 2026" (month, day, year).
    if (b === words[0]) return dayOf(c, String(month), a);
    if (a === words[0]) return dayOf(c, String(month), b);
    return INVALID;
  }
  if (words.length > 0) return INVALID;
  if (a.length === 4) return dayOf(a, b, c);
  if (c.length !== 4 && c.length !== 2) return INVALID;
  const year = c.length === 2 ? `20${c}` : c;
  if (!text.includes("/")) return dayOf(year, b, a);
  // Written with slashes, day first and month first are both common: read only what cannot be the other.
  const [first, second] = [Number(a), Number(b)];
  if (first === second || second > 12) return first === second ? dayOf(year, b, a) : dayOf(year, a, b);
  return first > 12 ? dayOf(year, b, a) : { problem: "ambiguous" };
}

function dayOf(year: string, month: string, day: string): DateReading {
  if (year.length !== 4 || month.length > 2 || day.length > 2) return INVALID;
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? { iso } : INVALID;
}

/** Each month's names in the site's languages, lower case: as it stands alone and as it follows a day ("grudzień", "grudnia"). */
let monthNames: Array<{ name: string; month: number }> | null = null;

function namesOfMonths(): Array<{ name: string; month: number }> {
  if (monthNames) return monthNames;
  const names = new Map<string, number>();
  for (const tag of ["pl", "en", "uk", "ru"]) {
    const alone = new Intl.DateTimeFormat(tag, { month: "long", timeZone: "UTC" });
    const withDay = new Intl.DateTimeFormat(tag, { day: "numeric", month: "long", timeZone: "UTC" });
    for (let month = 1; month <= 12; month++) {
      const date = new Date(Date.UTC(2026, month - 1, 15));
      names.set(alone.format(date).toLocaleLowerCase("pl"), month);
      const part = withDay.formatToParts(date).find((piece) => piece.type === "month")?.value;
      if (part) names.set(part.toLocaleLowerCase("pl"), month);
    }
  }
  monthNames = [...names].map(([name, month]) => ({ name, month }));
  return monthNames;
}

/** The month a word names, in full or by its start; null when it names none, or more than one. */
function monthNamed(word: string): number | null {
  if (word.length < SHORTEST_MONTH_PREFIX) return null;
  const months = new Set(
    namesOfMonths()
      .filter(({ name }) => name.startsWith(word))
      .map(({ month }) => month),
  );
  return months.size === 1 ? [...months][0]! : null;
}
