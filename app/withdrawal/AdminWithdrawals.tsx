import type { ReactNode } from "react";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { ADMIN_HOME, orderDetailPath } from "~/components/admin/paths";
import { LOCALE_LABEL } from "~/order/admin-texts";
import { WITHDRAWAL_TEXT } from "./admin-texts";
import type { WithdrawalListRow } from "./admin.server";
import { ADMIN_BUTTON } from "~/components/admin/AdminShell";

const INPUT =
  "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700";

/** How a statement came (an e-mail or a letter the operator recorded, with the day it was sent), and whether it came too late. */
function StatementFacts({ row }: { row: WithdrawalListRow }) {
  return (
    <>
      {row.channel !== "web" ? (
        <p className="mt-2 text-sm text-slate-800" data-testid="statement-channel">
          {WITHDRAWAL_TEXT.channel[row.channel](formatWarsawTime(row.sentOn), row.recordedBy ?? "—")}
        </p>
      ) : null}
      {row.late ? (
        <p className="mt-2 text-sm font-semibold text-red-900" data-testid="statement-late">
          {WITHDRAWAL_TEXT.late}
        </p>
      ) : null}
    </>
  );
}

/** The statement as the customer confirmed it, line by line, and whether the daily cap held its acknowledgement back. */
function StatementText({ text, withheld }: { text: string; withheld: boolean }) {
  return (
    <>
      <p className="mt-2 whitespace-pre-line text-sm text-slate-800 [overflow-wrap:anywhere]">{text}</p>
      {withheld ? (
        <p className="mt-2 text-sm font-semibold text-red-900" data-testid="acknowledgement-withheld">
          {WITHDRAWAL_TEXT.acknowledgementWithheld}
        </p>
      ) : null}
    </>
  );
}

/** An unmatched statement's form: the operator types the number of the order it is about. */
function LinkForm({ row, error, typed }: { row: WithdrawalListRow; error?: string; typed?: string }) {
  const id = `link-withdrawal-${row.id}`;
  return (
    <form method="post" action={`${ADMIN_HOME}?withdrawals=all`} className="mt-3 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="link_withdrawal" />
      <input type="hidden" name="withdrawalId" value={row.id} />
      <div className="min-w-48 flex-1">
        <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
          {WITHDRAWAL_TEXT.linkLabel}
        </label>
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
            {error}
          </p>
        ) : null}
        <input
          id={id}
          name="orderNumber"
          defaultValue={typed ?? ""}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={INPUT}
        />
      </div>
      <button type="submit" className={ADMIN_BUTTON}>
        {WITHDRAWAL_TEXT.linkButton}
      </button>
    </form>
  );
}

/** Every statement as a card (they hold a paragraph of text each, which no table column fits on a phone). */
export function WithdrawalList({
  rows,
  refusal,
}: {
  rows: readonly WithdrawalListRow[];
  refusal?: { withdrawalId: number; error: string; typed: string } | null;
}) {
  if (rows.length === 0)
    return (
      <p className="mt-6 text-slate-700" data-testid="no-withdrawals">
        {WITHDRAWAL_TEXT.none}
      </p>
    );
  return (
    <section aria-labelledby="withdrawals-heading" className="mt-6">
      <h2 id="withdrawals-heading" className="text-xl font-bold text-slate-900">
        {WITHDRAWAL_TEXT.heading}
      </h2>
      <p className="text-sm text-slate-600">{WITHDRAWAL_TEXT.caption}</p>
      <ul className="mt-3 space-y-3">
        {rows.map((row) => (
          <li
            key={row.id}
            className={`rounded-lg border p-4 ${row.orderId === null ? "border-red-700 bg-red-50/40" : "border-slate-300 bg-white"}`}
            data-testid="withdrawal-row"
          >
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold">{WITHDRAWAL_TEXT.order}</dt>
              <dd>
                {row.orderId !== null ? (
                  <a href={orderDetailPath(row.orderId)} className="font-semibold text-blue-900 underline">
                    {row.orderNumber}
                  </a>
                ) : (
                  <strong className="text-red-900">{WITHDRAWAL_TEXT.unmatched}</strong>
                )}
                {row.matchedBy ? ` (${WITHDRAWAL_TEXT.matchedBy[row.matchedBy] ?? row.matchedBy})` : null}
              </dd>
              <dt className="font-semibold">{WITHDRAWAL_TEXT.receivedAt}</dt>
              <dd>{formatWarsawTime(row.receivedAt)}</dd>
              <dt className="font-semibold">{WITHDRAWAL_TEXT.refundDueBy}</dt>
              <dd>{formatWarsawTime(row.refundDueBy)}</dd>
              <dt className="font-semibold">{WITHDRAWAL_TEXT.name}</dt>
              <dd className="[overflow-wrap:anywhere]">{row.name}</dd>
              <dt className="font-semibold">{WITHDRAWAL_TEXT.reference}</dt>
              <dd className="[overflow-wrap:anywhere]">{row.reference}</dd>
              <dt className="font-semibold">{WITHDRAWAL_TEXT.email}</dt>
              <dd className="[overflow-wrap:anywhere]">
                {row.email} ({LOCALE_LABEL[row.locale as keyof typeof LOCALE_LABEL] ?? row.locale})
              </dd>
            </dl>
            <StatementFacts row={row} />
            <StatementText text={row.statement} withheld={row.acknowledgementWithheld} />
            {row.orderId === null ? (
              <LinkForm
                row={row}
                error={refusal?.withdrawalId === row.id ? refusal.error : undefined}
                typed={refusal?.withdrawalId === row.id ? refusal.typed : undefined}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The order page's section: when the customer withdrew, the refund deadline, and each statement. */
export function OrderWithdrawal({
  withdrawnAt,
  statements,
  children,
}: {
  withdrawnAt: string | null;
  statements: readonly WithdrawalListRow[];
  /** The operator's decision on the withdrawal (WithdrawalDecisionForm). */
  children?: ReactNode;
}) {
  if (!withdrawnAt && statements.length === 0) return null;
  const first = statements[0];
  return (
    <section aria-labelledby="withdrawal-heading" className="mt-8 rounded-lg border-2 border-red-700 p-4" data-testid="order-withdrawal">
      <h2 id="withdrawal-heading" className="text-xl font-bold text-slate-900">
        {WITHDRAWAL_TEXT.orderSection}
      </h2>
      {withdrawnAt && first ? (
        <p className="mt-2 font-semibold text-red-900">
          {WITHDRAWAL_TEXT.orderWithdrawn(formatWarsawTime(withdrawnAt), formatWarsawTime(first.refundDueBy))}
        </p>
      ) : null}
      {children}
      <h3 className="mt-4 font-semibold text-slate-900">{WITHDRAWAL_TEXT.statements}</h3>
      <ul className="mt-2 space-y-3">
        {statements.map((row) => (
          <li key={row.id} className="rounded-md bg-slate-50 p-3">
            <p className="text-sm">
              {WITHDRAWAL_TEXT.receivedAt}: {formatWarsawTime(row.receivedAt)} · {row.email}
              {row.matchedBy ? ` · ${WITHDRAWAL_TEXT.matchedBy[row.matchedBy] ?? row.matchedBy}` : null}
            </p>
            <StatementFacts row={row} />
            <StatementText text={row.statement} withheld={row.acknowledgementWithheld} />
          </li>
        ))}
      </ul>
    </section>
  );
}
