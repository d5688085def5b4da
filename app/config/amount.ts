/**
 * An amount of złoty as a person types it into configuration, in grosze: "5000", "5 000",
 * "5000.00", "5 000,00 zł" and "PLN 5000" all read as 500 000. A comma or a dot before exactly
 * two digits is the decimal mark; any other punctuation makes the value unreadable (undefined)
 * rather than a guess, so "5,000" or "5.000" never turn into five złoty or five thousand.
 */
export function parseZlotyAmount(text: string): number | undefined {
  const bare = text
    .trim()
    .replace(/^PLN\s*/i, "")
    .replace(/\s*(zł|PLN)$/i, "");
  const match = /^(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d{2}))?$/.exec(bare);
  if (!match) return undefined;
  const grosze = Number(match[1]!.replace(/\D/g, "")) * 100 + Number(match[2] ?? "0");
  return Number.isSafeInteger(grosze) ? grosze : undefined;
}
