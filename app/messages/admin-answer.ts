/** The answer form's names, shared by its page (AdminMessages.tsx) and its handler (admin-answer.server.ts). */

/** The intents of the answer form's two buttons ("Podgląd", "Wyślij odpowiedź"). */
export const ANSWER_INTENT = "answer";
export const PREVIEW_INTENT = "answer_preview";
/** The answer field's id: the order page's error summary links to it. */
export const ANSWER_FIELD_ID = "answer-text";
/** The GET parameter of "Użyj szablonu": the chosen template's title. */
export const TEMPLATE_PARAM = "szablon";

/** The answer form as the page shows it again: what was typed, its error, and the preview when one was asked for. */
export type AnswerFormState = { text: string; error: string | null; preview: string | null };

/** What the answer form offers: every template's title, and the text the chosen one gives in the thread's language. */
export type AnswerFormView = { templates: string[]; chosen: string | null; draft: string | null; templateMissing: boolean };
