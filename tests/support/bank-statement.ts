/** One booked entry of a statement written for a test: invented names and accounts, never a real customer's. */
export type TestEntry = {
  /** YYYY-MM-DD. */
  bookedOn: string;
  /** Grosze; negative for a debit. */
  amountGrosze: number;
  title: string;
  name?: string;
  account?: string;
  /** The bank's reference of the entry; none when left out. */
  reference?: string;
};

const yymmdd = (day: string) => day.slice(2).replaceAll("-", "");
const amount = (grosze: number) => (Math.abs(grosze) / 100).toFixed(2).replace(".", ",");

/**
 * An MT940 statement as PKO BP writes it (`~` subfields: title in ~20–~25, name in ~32–~33,
 * account in ~38), whose balances add up: what the operator uploads in the tests.
 */
export function mt940Statement(entries: readonly TestEntry[], { openingGrosze = 100_000, reference = "ST-TEST/1" } = {}): string {
  const closing = entries.reduce((sum, entry) => sum + entry.amountGrosze, openingGrosze);
  const first = entries[0]?.bookedOn ?? "2026-11-23";
  const balance = (grosze: number, day: string) => `${grosze < 0 ? "D" : "C"}${yymmdd(day)}PLN${amount(grosze)}`;
  const body = entries.flatMap((entry) => {
    const side = entry.amountGrosze < 0 ? "D" : "C";
    const title = [entry.title.slice(0, 27), entry.title.slice(27, 54)].filter(Boolean);
    const details = [
      entry.amountGrosze < 0 ? "641~00PRZELEW WYCHODZĄCY" : "152~00PRZELEW PRZYCHODZĄCY",
      ...title.map((part, index) => `~2${index}${part}`),
      `~32${(entry.name ?? "Anna Testowa").slice(0, 27)}`,
      `~38${entry.account ?? "PL27114020040000300201355387"}`,
    ].join("");
    return [
      `:61:${yymmdd(entry.bookedOn)}${entry.bookedOn.slice(5).replace("-", "")}${side}${amount(entry.amountGrosze)}N152NONREF${entry.reference ? `//${entry.reference}` : ""}`,
      `:86:${details}`,
    ];
  });
  return [
    `:20:${reference}`,
    ":25:/PL10105000997603123456789123",
    ":28C:00001/001",
    `:60F:${balance(openingGrosze, first)}`,
    ...body,
    `:62F:${balance(closing, entries.at(-1)?.bookedOn ?? first)}`,
    "",
  ].join("\r\n");
}
