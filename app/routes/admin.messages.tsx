import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { AdminErrorBoundary, AdminShell } from "~/components/admin/AdminShell";
import { REPLY_TEMPLATES_PATH } from "~/components/admin/paths";
import { getDb } from "~/db/db.server";
import { InboxList } from "~/messages/AdminMessages";
import { MESSAGES_TEXT } from "~/messages/admin-texts";
import { listInbox } from "~/messages/inbox.server";
import { NO_HYDRATION } from "~/render/hydration";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction = () => [
  { title: `${MESSAGES_TEXT.title} | Panel obsługi` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  return json({ operator, rows: await listInbox(getDb()), now: new Date().toISOString() }, { headers: ADMIN_HEADERS });
}

/** "Wiadomości": the customers' threads, unanswered first (app/messages). */
export default function AdminMessagesPage() {
  const { operator, rows, now } = useLoaderData<typeof loader>();
  return (
    <AdminShell operator={operator} title={MESSAGES_TEXT.title}>
      <p className="mt-2 max-w-prose text-slate-800">{MESSAGES_TEXT.lead}</p>
      <p className="mt-2">
        <a href={REPLY_TEMPLATES_PATH} className="font-semibold text-blue-900 underline">
          {MESSAGES_TEXT.templates.link}
        </a>
      </p>
      <InboxList rows={rows} now={new Date(now)} />
    </AdminShell>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
