/*
 * The lease start as people type it. The form asks for one stated order, day.month.year
 * ("1.12.2026"), in a plain text field: a browser's date control shows its own locale's order and
 * turned "1.12.2026" typed key by key into 11/22/0026. YYYY-MM-DD is read too (the JSON API sends it,
 * and it cannot be misread); a slash or a two-digit year is refused, since 01/12/2026 means different
 * days to different readers (docs/decisions/031). No zod here: the form echoes the date as it is typed.
 */

/** "2026-12-01" for "1.12.2026", " 01.12.2026 " or "2026-12-01"; null when it is not a real day written one of those ways. */
export function isoDateOf(value: string): string | null {
  const text = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : dotted
      ? [dotted[3], dotted[2]!.padStart(2, "0"), dotted[1]!.padStart(2, "0")]
      : [];
  if (!year) return null;
  const result = `${year}-${month}-${day}`;
  const date = new Date(`${result}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(result) ? result : null;
}
