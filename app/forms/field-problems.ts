/**
 * The back office's forms share one page each, so a refused form's messages are listed at the
 * top of the page (the error summary), each linking to its field: the page loads at its top,
 * and the form may be thousands of pixels below.
 */

/** The id of a field of one of the page's forms; the summary links to it. */
export const fieldId = (form: string, name: string) => `${form}-${name}`;

export type FieldProblem = { id: string; message: string };

/** "Label: message" for each field's error ("form" is the page's own notice, not a field's), linking to the field. */
export function fieldProblems(form: string, errors: Record<string, string>, labels: Record<string, string>): FieldProblem[] {
  return Object.entries(errors)
    .filter(([name, message]) => name !== "form" && message)
    .map(([name, message]) => ({ id: fieldId(form, name), message: labels[name] ? `${labels[name]}: ${message}` : message }));
}
