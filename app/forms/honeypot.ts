/**
 * A field no person fills in (decision 019): hidden from sight, from screen readers
 * (aria-hidden), from the keyboard (tabindex=-1) and from autofill (autocomplete=off), so
 * only a bot that fills every field it finds puts something in it.
 */
export const HONEYPOT_FIELD = "website";

export function honeypotTripped(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
