/**
 * The placeholders of the operator's reply templates (docs/decisions/087), filled from the order
 * when a template is chosen. A placeholder the answer cannot fill (a contact thread has no order,
 * an unpaid and cancelled order no promise, a typo such as {{numre}}) stays as written, so the
 * operator sees it in the form and the preview, and the answer is refused until it is replaced:
 * a silent blank would reach the customer as a sentence with a hole in it.
 */
export const PLACEHOLDERS = ["numer", "termin", "kwota"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Partial<Record<Placeholder, string>>;

/** `{{numer}}`, also with spaces inside the braces (`{{ numer }}`), as people type it. */
const PLACEHOLDER = /\{\{\s*([^{}\s]*)\s*\}\}/gu;

const isPlaceholder = (name: string): name is Placeholder => (PLACEHOLDERS as readonly string[]).includes(name);

/** The text with each known placeholder that has a value replaced by it; every other `{{…}}` is left as written. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (isPlaceholder(name) ? (values[name] ?? whole) : whole));
}

/** The `{{…}}` still in a text, each once, in the order they appear: what the operator must replace before sending. */
export function placeholdersLeft(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map(([whole]) => whole))];
}
