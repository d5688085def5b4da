import { z } from "zod";
import { SINGLE_LINE_TEXT } from "~/forms/control-characters";

/**
 * The customer's messages as the forms post them (docs/decisions/086): the order page's one field
 * (`message`) and the contact page's name, e-mail and message. What was typed always comes back
 * (cut a little over the limit, so a refused page stays small); the messages are i18n keys. The
 * text's own limit comes from the domain (MESSAGE_MAX_CHARS), so the page and the store agree.
 */
export const MESSAGE_FIELD = "message";
export const CONTACT_FIELDS = ["name", "email", MESSAGE_FIELD] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The contact page's form: a refusal and the confirmation open there. */
export const CONTACT_FORM_ID = "contact-form";
export const CONTACT_NAME_MAX = 100;
/** The longest address SMTP carries (RFC 5321's path limit). */
export const CONTACT_EMAIL_MAX = 254;
export const EMPTY_CONTACT: ContactValues = { name: "", email: "", message: "" };

/** The text as typed: a message's refusal shows it again, up to a page's worth over the limit. */
export function typedText(form: FormData, field: string, max: number): string {
  const value = form.get(field);
  return typeof value === "string" ? value.slice(0, max + 1000) : "";
}

/** The message field's problem, as a key of the page's namespace: nothing but spaces, or longer than the limit. */
export function messageProblem(text: string, max: number): "empty" | "tooLong" | null {
  if (text.trim() === "") return "empty";
  return [...text].length > max ? "tooLong" : null;
}

/** The contact form: the values as posted, the first message per field (keys of `contact:messages.errors`), and whether all are right. */
export function readContactForm(form: FormData, maxChars: number): { values: ContactValues; errors: ContactErrors; valid: boolean } {
  const values: ContactValues = {
    name: typedText(form, "name", CONTACT_NAME_MAX).trim(),
    email: typedText(form, "email", CONTACT_EMAIL_MAX).trim(),
    message: typedText(form, MESSAGE_FIELD, maxChars),
  };
  const errors: ContactErrors = {};
  const name = z.string().min(1, "nameRequired").max(CONTACT_NAME_MAX, "nameTooLong").regex(SINGLE_LINE_TEXT, "nameControl");
  const nameIssue = name.safeParse(values.name);
  if (!nameIssue.success) errors.name = nameIssue.error.issues[0]!.message;
  if (values.email === "") errors.email = "emailRequired";
  else if (!z.string().email().max(CONTACT_EMAIL_MAX).safeParse(values.email).success) errors.email = "emailInvalid";
  const problem = messageProblem(values.message, maxChars);
  if (problem) errors.message = problem;
  return { values, errors, valid: Object.keys(errors).length === 0 };
}
