import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { LinesToCheck, RecentStatements, RefundsToDo, StatementUploadForm, statementPath } from "~/bank-statements/AdminBankStatements";
import { STATEMENT_TEXT } from "~/bank-statements/admin-texts";
import { doneNotice, handleStatementPost } from "~/bank-statements/posts.server";
import { listLines, recentStatements } from "~/bank-statements/to-check.server";
import { AdminErrorBoundary, AdminShell, Notice } from "~/components/admin/AdminShell";
import { getDb } from "~/db/db.server";
import { NO_HYDRATION } from "~/render/hydration";
import { BANK_STATEMENTS_PATH } from "~/server/file-form-paths";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction = () => [
  { title: `${STATEMENT_TEXT.title} | Panel obsługi` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const db = getDb();
  const [open, refunds, recent] = await Promise.all([listLines(db, "open"), listLines(db, "refund"), recentStatements(db)]);
  return json({ operator, open, refunds, recent, notice: doneNotice(new URL(request.url)) }, { headers: ADMIN_HEADERS });
}

/** A statement file to read, or a decision on a line to check (app/bank-statements/posts.server.ts). */
export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request);
  const outcome = await handleStatementPost(getDb(), request, operator, new Date(), {
    list: BANK_STATEMENTS_PATH,
    statement: statementPath,
  });
  if (outcome.kind === "redirect") return redirect(outcome.to, { status: 303, headers: ADMIN_HEADERS });
  return json(outcome, { status: outcome.status, headers: ADMIN_HEADERS });
}

export default function AdminBankStatementsPage() {
  const { operator, open, refunds, recent, notice } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <AdminShell operator={operator} title={STATEMENT_TEXT.title}>
      <p className="mt-2 max-w-prose text-slate-800">{STATEMENT_TEXT.lead}</p>
      {notice ? (
        <Notice tone={notice.tone} testId="statement-notice">
          {notice.text}
        </Notice>
      ) : null}
      <StatementUploadForm
        error={refused?.kind === "uploadRefused" ? refused.error : null}
        chooseBank={refused?.kind === "uploadRefused" ? refused.chooseBank : null}
      />
      <LinesToCheck lines={open} refused={refused?.kind === "decisionRefused" ? refused : null} />
      <RefundsToDo lines={refunds} />
      <RecentStatements statements={recent} />
    </AdminShell>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
