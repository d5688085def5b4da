/** The back office's shared words of its kit (Polish only, as the whole back office). */
/** The error summary at the top of an order's page, above forms that may be far below. */
export const FORM_ERRORS_TEXT = {
  heading: (form: string) => `Nie zapisano formularza „${form}”. Popraw:`,
} as const;
