import type { Locale } from "~/i18n/locales";

/** The template page's names, shared by its view (AdminReplyTemplates.tsx) and the server's reading of its form. */

/** The page's GET parameter naming the template being changed. */
export const EDIT_PARAM = "zmien";
export const SAVE_INTENT = "save";
export const DELETE_INTENT = "delete";

/** The form field of a language's text. */
export const bodyField = (locale: Locale) => `body_${locale}`;

/** A refused form of the page: the template form's (its fields' errors, what was typed), or a delete's (which template, and why). */
export type TemplatesRefusal =
  { form: "save"; errors: Record<string, string>; values: Record<string, string> } | { form: "delete"; title: string; error: string };
