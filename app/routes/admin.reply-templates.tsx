import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { AdminErrorBoundary, AdminShell, Notice } from "~/components/admin/AdminShell";
import { MESSAGES_PATH, REPLY_TEMPLATES_PATH } from "~/components/admin/paths";
import { getDb } from "~/db/db.server";
import { TemplateForm, TemplateList } from "~/messages/AdminReplyTemplates";
import { MESSAGES_TEXT } from "~/messages/admin-texts";
import { EDIT_PARAM } from "~/messages/reply-template-form";
import { answerTemplatesForm, DELETED_PARAM, listTemplates, SAVED_PARAM } from "~/messages/reply-templates.server";
import { NO_HYDRATION } from "~/render/hydration";
import { readFormDataOr413 } from "~/security/body.server";

const TEXT = MESSAGES_TEXT.templates;

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction = () => [{ title: `${TEXT.title} | Panel obsługi` }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const url = new URL(request.url);
  const templates = await listTemplates(getDb());
  const editTitle = url.searchParams.get(EDIT_PARAM);
  const saved = url.searchParams.get(SAVED_PARAM);
  const deleted = url.searchParams.get(DELETED_PARAM);
  return json(
    {
      operator,
      templates,
      editing: templates.find((template) => template.title === editTitle) ?? null,
      notice: saved !== null ? TEXT.saved(saved) : deleted !== null ? TEXT.removed(deleted) : null,
    },
    { headers: ADMIN_HEADERS },
  );
}

/** A template added, changed or deleted (app/messages/reply-templates.server.ts). */
export async function action({ request }: ActionFunctionArgs) {
  await requireOperator(request);
  const outcome = await answerTemplatesForm(getDb(), await readFormDataOr413(request), new Date());
  if (outcome.kind === "done") return redirect(`${REPLY_TEMPLATES_PATH}?${outcome.query}`, { status: 303, headers: ADMIN_HEADERS });
  return json(outcome.refusal, { status: outcome.status, headers: ADMIN_HEADERS });
}

export default function AdminReplyTemplatesPage() {
  const { operator, templates, editing, notice } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() ?? null;
  const formError = refusal?.form === "save" ? refusal.errors.form : null;
  return (
    <AdminShell operator={operator} title={TEXT.title}>
      <p className="mt-2">
        <a href={MESSAGES_PATH} className="font-semibold text-blue-900 underline">
          {MESSAGES_TEXT.thread.back}
        </a>
      </p>
      <p className="mt-2 max-w-prose text-slate-800">{TEXT.lead}</p>
      {notice && !refusal ? (
        <Notice tone="success" testId="template-notice">
          {notice}
        </Notice>
      ) : null}
      {refusal ? (
        <Notice tone="error" testId="template-refused">
          {formError ?? TEXT.refused}
        </Notice>
      ) : null}
      <TemplateForm key={editing?.title ?? ""} editing={editing} refusal={refusal} />
      <h2 className="mt-8 text-xl font-bold text-slate-900">
        {TEXT.title} ({templates.length})
      </h2>
      <TemplateList templates={templates} refusal={refusal} />
    </AdminShell>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
