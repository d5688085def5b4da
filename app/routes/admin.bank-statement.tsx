import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { LinesToCheck, StatementCounts } from "~/bank-statements/AdminBankStatements";
import { STATEMENT_TEXT } from "~/bank-statements/admin-texts";
import { listLines, statementResult } from "~/bank-statements/to-check.server";
import { AdminErrorBoundary, AdminShell, Notice } from "~/components/admin/AdminShell";
import { orderDetailPath } from "~/components/admin/paths";
import { getDb } from "~/db/db.server";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { NO_HYDRATION } from "~/render/hydration";
import { BANK_STATEMENTS_PATH } from "~/server/file-form-paths";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction = () => [
  { title: `${STATEMENT_TEXT.title} | Panel obsługi` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const statementId = Number(params.id);
  const db = getDb();
  const result = Number.isSafeInteger(statementId) && statementId > 0 ? await statementResult(db, statementId) : null;
  if (!result) throw new Response("Nie ma takiego wyciągu.", { status: 404, headers: ADMIN_HEADERS });
  const open = await listLines(db, "open", statementId);
  const again = new URL(request.url).searchParams.get("again") === "1";
  return json({ operator, ...result, open, again }, { headers: ADMIN_HEADERS });
}

/** What one statement did: its counts, the orders it paid and its lines still to check. */
export default function AdminBankStatementPage() {
  const { operator, statement, paid, open, again } = useLoaderData<typeof loader>();
  return (
    <AdminShell operator={operator} title={STATEMENT_TEXT.result.title(statement.fileName)}>
      <p className="mt-2">
        <a href={BANK_STATEMENTS_PATH} className="font-semibold text-blue-900 underline">
          {STATEMENT_TEXT.result.back}
        </a>
      </p>
      {again ? (
        <Notice tone="success" testId="statement-again">
          {STATEMENT_TEXT.sameFile}
        </Notice>
      ) : null}
      {statement.completed ? null : (
        <Notice tone="error" testId="statement-unfinished">
          {STATEMENT_TEXT.unfinished}
        </Notice>
      )}
      <p className="mt-4 text-slate-800">
        {STATEMENT_TEXT.format(statement.format)}
        {statement.firstBookedOn
          ? `, ${formatWarsawTime(statement.firstBookedOn)} – ${formatWarsawTime(statement.lastBookedOn)}`
          : ""}. {STATEMENT_TEXT.result.read(formatWarsawTime(statement.uploadedAt), statement.uploadedBy)}
      </p>
      <h2 className="mt-6 text-xl font-bold text-slate-900">
        {STATEMENT_TEXT.result.counts} ({statement.counts.lines})
      </h2>
      <StatementCounts counts={statement.counts} />
      <h2 className="mt-6 text-xl font-bold text-slate-900">{STATEMENT_TEXT.result.paidList}</h2>
      {paid.length === 0 ? (
        <p className="mt-2 text-slate-700">{STATEMENT_TEXT.result.none}</p>
      ) : (
        <ul className="mt-2 space-y-1" data-testid="paid-orders">
          {paid.map((line) => (
            <li key={line.lineNo}>
              <a href={orderDetailPath(line.orderId)} className="font-semibold text-blue-900 underline">
                {line.number}
              </a>{" "}
              (poz. {line.lineNo})
            </li>
          ))}
        </ul>
      )}
      {open.length > 0 ? <LinesToCheck lines={open} refused={null} /> : null}
    </AdminShell>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
