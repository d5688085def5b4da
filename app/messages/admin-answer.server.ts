import type { AppDatabase } from "~/db/db.server";
import type { Locale } from "~/i18n/locales";
import { messageText, postOperatorAnswer, type MessageRefusal } from "./conversation.server";
import { PREVIEW_INTENT, TEMPLATE_PARAM, type AnswerFormState, type AnswerFormView } from "./admin-answer";
import { MESSAGES_TEXT } from "./admin-texts";
import { placeholdersLeft } from "./reply-placeholders";
import { draftFromTemplate, listTemplates, placeholderValuesOf, type OrderForPlaceholders } from "./reply-templates.server";

const TEXT = MESSAGES_TEXT.answer;

/** `sent`: stored and its e-mail queued; `again`: the form again, with its state, at this status (200 for a preview). */
export type AnswerOutcome = { kind: "sent" } | { kind: "again"; status: 200 | 400 | 404; state: AnswerFormState };

function refusalText(refusal: MessageRefusal, text: string): string {
  if (refusal.kind === "empty") return TEXT.empty;
  if (refusal.kind === "too-long") return TEXT.tooLong(refusal.max, text.length);
  return TEXT.notFound;
}

/**
 * The answer form's post. "Podgląd" shows the text exactly as it will be stored and sent, and
 * "Wyślij odpowiedź" sends it; both refuse an empty or too long text, or one with a placeholder
 * the template could not fill, keeping what was typed. `conversationId`: the thread, or a function
 * that opens the order's thread for an operator who writes first.
 */
export async function answerFromForm(
  db: AppDatabase,
  post: { conversationId: number | (() => Promise<number | null>); form: FormData; operator: string; now: Date },
): Promise<AnswerOutcome> {
  const typed = post.form.get("text");
  const text = typeof typed === "string" ? typed.replace(/\r\n?/g, "\n") : "";
  const again = (status: 200 | 400 | 404, error: string | null, preview: string | null = null): AnswerOutcome => ({
    kind: "again",
    status,
    state: { text, error, preview },
  });
  const stored = messageText(text);
  if (!stored.ok) return again(400, refusalText(stored.refusal, text));
  const left = placeholdersLeft(stored.text);
  if (left.length > 0) return again(400, TEXT.placeholdersLeft(left));
  if (post.form.get("intent") === PREVIEW_INTENT) return again(200, null, stored.text);
  const conversationId = typeof post.conversationId === "number" ? post.conversationId : await post.conversationId();
  if (conversationId === null) return again(404, TEXT.notFound);
  const result = await postOperatorAnswer(db, { conversationId, operator: post.operator, text, now: post.now });
  if (result.ok) return { kind: "sent" };
  return again(result.refusal.kind === "not-found" ? 404 : 400, refusalText(result.refusal, text));
}

/** The answer form's view for a page read with `?szablon=` (the "Użyj szablonu" button) or without it. */
export async function answerFormView(
  db: AppDatabase,
  url: URL,
  locale: Locale,
  order: OrderForPlaceholders | null,
  now: Date,
): Promise<AnswerFormView> {
  const templates = (await listTemplates(db)).map((template) => template.title);
  const chosen = url.searchParams.get(TEMPLATE_PARAM) || null;
  const draft = chosen ? await draftFromTemplate(db, chosen, locale, placeholderValuesOf(order, locale, now)) : null;
  return { templates, chosen, draft, templateMissing: chosen !== null && draft === null };
}
