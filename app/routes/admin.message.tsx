import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { AdminErrorBoundary, AdminShell, Notice } from "~/components/admin/AdminShell";
import { Facts } from "~/components/admin/Facts";
import { MESSAGES_PATH, messageThreadPath } from "~/components/admin/paths";
import { getDb } from "~/db/db.server";
import { nudgeMailWorker } from "~/jobs/mail-worker.server";
import { answerFromForm, answerFormView } from "~/messages/admin-answer.server";
import { threadHref, ThreadSection } from "~/messages/AdminMessages";
import { LOCALE_LABEL } from "~/order/admin-texts";
import { MESSAGES_TEXT } from "~/messages/admin-texts";
import { MESSAGE_MAX_CHARS } from "~/messages/conversation.server";
import { conversationForAdmin } from "~/messages/inbox.server";
import { NO_HYDRATION } from "~/render/hydration";
import { readFormDataOr413 } from "~/security/body.server";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction = () => [
  { title: `${MESSAGES_TEXT.thread.heading} | Panel obsługi` },
  { name: "robots", content: "noindex, nofollow" },
];

const SENT_PARAM = "wyslano";

function conversationIdOf(param: string | undefined): number | null {
  return param && /^\d{1,12}$/.test(param) ? Number(param) : null;
}

const notFound = (operator: string) => json({ operator }, { status: 404, headers: ADMIN_HEADERS });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const id = conversationIdOf(params.id);
  const db = getDb();
  const conversation = id === null ? null : await conversationForAdmin(db, id);
  if (!conversation) throw notFound(operator);
  // An order's thread is read and answered on the order's page, beside its history.
  if (conversation.row.orderId !== null) throw redirect(threadHref(conversation.row), { headers: ADMIN_HEADERS });
  const url = new URL(request.url);
  return json(
    {
      operator,
      ...conversation,
      view: await answerFormView(db, url, conversation.row.locale, null, new Date()),
      sent: url.searchParams.get(SENT_PARAM) === "1",
    },
    { headers: ADMIN_HEADERS },
  );
}

/** The answer to a contact-page thread ("Podgląd" or "Wyślij odpowiedź"). */
export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireOperator(request);
  const id = conversationIdOf(params.id);
  if (id === null) throw notFound(operator);
  const form = await readFormDataOr413(request);
  const outcome = await answerFromForm(getDb(), { conversationId: id, form, operator, now: new Date() });
  if (outcome.kind === "again") return json(outcome.state, { status: outcome.status, headers: ADMIN_HEADERS });
  nudgeMailWorker();
  return redirect(`${messageThreadPath(id)}?${SENT_PARAM}=1`, { status: 303, headers: ADMIN_HEADERS });
}

/** A contact-page thread: who wrote, the messages, and the answer form. */
export default function AdminMessagePage() {
  const { operator, row, messages, view, sent } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() ?? null;
  const name = row.contactName ?? row.contactEmail ?? MESSAGES_TEXT.contact;
  return (
    <AdminShell operator={operator} title={MESSAGES_TEXT.thread.title(name)}>
      <p className="mt-2">
        <a href={MESSAGES_PATH} className="font-semibold text-blue-900 underline">
          {MESSAGES_TEXT.thread.back}
        </a>
      </p>
      {sent && !state ? (
        <Notice tone="success" testId="answer-sent">
          {MESSAGES_TEXT.answer.sent}
        </Notice>
      ) : null}
      {state?.error ? (
        <Notice tone="error" testId="answer-refused">
          {MESSAGES_TEXT.answer.refused}
        </Notice>
      ) : null}
      <Facts
        rows={[
          { label: MESSAGES_TEXT.thread.name, value: row.contactName ?? "—" },
          { label: MESSAGES_TEXT.thread.email, value: row.contactEmail ?? "—" },
          { label: MESSAGES_TEXT.thread.language, value: LOCALE_LABEL[row.locale] },
        ]}
      />
      <ThreadSection messages={messages} locale={row.locale} contact view={view} state={state} maxChars={MESSAGE_MAX_CHARS} />
    </AdminShell>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
