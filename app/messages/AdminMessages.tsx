import { ADMIN_BUTTON, ADMIN_SECONDARY_BUTTON } from "~/components/admin/AdminShell";
import { messageThreadPath, orderDetailPath, REPLY_TEMPLATES_PATH, THREAD_ANCHOR } from "~/components/admin/paths";
import { PlainField } from "~/components/forms";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { IN_LANGUAGE } from "~/order/admin-texts";
import type { Locale } from "~/i18n/locales";
import { MESSAGES_TEXT } from "./admin-texts";
import { ANSWER_FIELD_ID, ANSWER_INTENT, PREVIEW_INTENT, TEMPLATE_PARAM, type AnswerFormState, type AnswerFormView } from "./admin-answer";
import type { ConversationAuthor } from "./conversation.server";
import type { InboxRow } from "./inbox.server";

const TEXT = MESSAGES_TEXT;
const LINK = "font-semibold text-blue-900 underline underline-offset-2 hover:text-blue-700";

/** A message as the back office shows it: who wrote, when, and the text as text (line breaks kept, never a link or markup). */
export type AdminThreadMessage = {
  id: number;
  author: ConversationAuthor;
  body: string | null;
  createdAt: string;
  operatorEmail: string | null;
};

/** Where a thread is read and answered: an order's thread on the order's page, a contact-page thread on its own. */
export function threadHref(row: Pick<InboxRow, "conversationId" | "orderId">): string {
  return row.orderId === null ? messageThreadPath(row.conversationId) : `${orderDetailPath(row.orderId)}#${THREAD_ANCHOR}`;
}

/** "Wiadomości": every thread, unanswered first (the order listInbox gives), each with what the operator needs to pick it. */
export function InboxList({ rows, now }: { rows: InboxRow[]; now: Date }) {
  if (rows.length === 0) return <p className="mt-6 text-slate-700">{TEXT.none}</p>;
  return (
    <ul className="mt-6 max-w-5xl divide-y divide-slate-200 border-y border-slate-200" data-testid="inbox">
      {rows.map((row) => (
        <li key={row.conversationId} className="grid gap-1 py-3" data-testid="inbox-row">
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            {row.unanswered ? (
              <strong className="rounded bg-amber-100 px-1.5 text-amber-950" data-testid="inbox-unanswered">
                {TEXT.unanswered}
              </strong>
            ) : (
              <span className="rounded bg-slate-100 px-1.5 text-slate-800">{TEXT.answered}</span>
            )}
            {row.orderNumber ? (
              <a href={threadHref(row)} className={`${LINK} font-mono`}>
                {row.orderNumber}
              </a>
            ) : (
              <a href={threadHref(row)} className={`${LINK} break-all`}>
                {row.contactName ?? row.contactEmail ?? TEXT.contact}
              </a>
            )}
          </p>
          {row.orderNumber ? null : (
            <p className="break-all text-slate-800">
              {TEXT.contact}: {row.contactEmail}
            </p>
          )}
          <p className="text-sm text-slate-700">
            {TEXT.language(row.locale)} · {TEXT.asked}{" "}
            <span data-testid="inbox-age">{TEXT.age(row.lastCustomerAt, now, formatWarsawTime)}</span>
          </p>
          {row.lastMessage ? <p className="line-clamp-2 whitespace-pre-wrap break-words text-slate-900">{row.lastMessage}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** The thread, oldest first: who wrote and when (Warsaw time), the text as it was typed. */
export function ThreadMessages({ messages }: { messages: AdminThreadMessage[] }) {
  if (messages.length === 0) return <p className="mt-3 text-slate-700">{TEXT.thread.none}</p>;
  return (
    <ol className="mt-3 grid gap-3" data-testid="thread">
      {messages.map((message) => (
        <li
          key={message.id}
          className={`rounded-lg border p-3 ${message.author === "customer" ? "border-slate-300 bg-white" : "ml-4 border-blue-200 bg-blue-50 sm:ml-12"}`}
          data-testid="thread-message"
          data-author={message.author}
        >
          <p className="text-sm font-semibold text-slate-700">
            {message.author === "customer" ? TEXT.thread.customer : TEXT.thread.operator(message.operatorEmail)},{" "}
            <time dateTime={message.createdAt}>{formatWarsawTime(message.createdAt)}</time>
          </p>
          {message.body === null ? (
            <p className="mt-1 italic text-slate-700">{TEXT.thread.erased}</p>
          ) : (
            <p className="mt-1 whitespace-pre-wrap break-words text-slate-900" data-testid="thread-text">
              {message.body}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * The answer, without a script: "Użyj szablonu" reloads the page with the template's text in the
 * thread's language (a GET form), "Podgląd" shows the text as the customer will get it, "Wyślij
 * odpowiedź" sends it. A refused or previewed form keeps what was typed.
 */
export function AnswerForm({
  locale,
  contact,
  view,
  state,
  maxChars,
}: {
  locale: Locale;
  /** A contact-page thread: the answer goes by e-mail only, there is no order page. */
  contact: boolean;
  view: AnswerFormView;
  state: AnswerFormState | null;
  maxChars: number;
}) {
  const text = state?.text ?? view.draft ?? "";
  return (
    <div className="mt-4 grid max-w-3xl gap-4" data-testid="answer">
      <h3 className="text-lg font-bold text-slate-900">{TEXT.answer.heading}</h3>
      <form method="get" action={`#${THREAD_ANCHOR}`} className="grid gap-2" aria-label={TEXT.answer.templateForm}>
        <label htmlFor="answer-template" className="font-semibold text-slate-900">
          {TEXT.answer.template}
        </label>
        <p id="answer-template-hint" className="text-sm text-slate-600">
          {TEXT.answer.templateHint}{" "}
          <a href={REPLY_TEMPLATES_PATH} className={LINK}>
            {TEXT.templates.link}
          </a>
        </p>
        {view.templateMissing ? <p className="font-semibold text-red-800">{TEXT.answer.templateMissing}</p> : null}
        <div className="flex flex-wrap items-center gap-3">
          <select
            id="answer-template"
            name={TEMPLATE_PARAM}
            defaultValue={view.chosen ?? ""}
            aria-describedby="answer-template-hint"
            className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 sm:w-auto sm:min-w-0 sm:flex-1"
          >
            <option value="">{TEXT.answer.templateNone}</option>
            {view.templates.map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
          </select>
          <button type="submit" className={ADMIN_SECONDARY_BUTTON}>
            {TEXT.answer.useTemplate}
          </button>
        </div>
      </form>
      <form method="post" className="grid gap-3" aria-label={TEXT.answer.heading} noValidate>
        <PlainField
          id={ANSWER_FIELD_ID}
          name="text"
          label={TEXT.answer.label(IN_LANGUAGE[locale])}
          hint={contact ? TEXT.answer.hintContact(maxChars) : TEXT.answer.hint(maxChars)}
          error={state?.error ?? undefined}
          defaultValue={text}
          multiline
          rows={10}
        />
        {state?.preview ? (
          <section aria-labelledby="answer-preview-heading" className="rounded-lg border-2 border-blue-800 bg-white p-3">
            <h4 id="answer-preview-heading" className="font-bold text-slate-900">
              {TEXT.answer.previewHeading}
            </h4>
            <p className="mt-2 whitespace-pre-wrap break-words text-slate-900" data-testid="answer-preview">
              {state.preview}
            </p>
          </section>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value={PREVIEW_INTENT} className={ADMIN_SECONDARY_BUTTON}>
            {TEXT.answer.preview}
          </button>
          <button type="submit" name="intent" value={ANSWER_INTENT} className={ADMIN_BUTTON}>
            {TEXT.answer.send}
          </button>
        </div>
      </form>
    </div>
  );
}

/** The thread and its answer form, where "Wiadomości" and "Użyj szablonu" bring the operator (#rozmowa). */
export function ThreadSection({ messages, ...answer }: { messages: AdminThreadMessage[] } & Parameters<typeof AnswerForm>[0]) {
  return (
    <section id={THREAD_ANCHOR} aria-labelledby="thread-heading" className="mt-8 min-w-0">
      <h2 id="thread-heading" className="text-xl font-bold text-slate-900">
        {TEXT.thread.heading}
      </h2>
      <ThreadMessages messages={messages} />
      <AnswerForm {...answer} />
    </section>
  );
}
