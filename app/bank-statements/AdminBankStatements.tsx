import { ADMIN_BUTTON, ADMIN_SECONDARY_BUTTON } from "~/components/admin/AdminShell";
import { orderDetailPath } from "~/components/admin/paths";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { formatPrice } from "~/i18n/money";
import { BANK_STATEMENTS_PATH } from "~/server/file-form-paths";
import { STATEMENT_TEXT } from "./admin-texts";
import { CSV_BANKS, type CsvBank } from "./statement-line";
import type { OpenLine, StatementSummary } from "./to-check.server";

export const statementPath = (statementId: number) => `${BANK_STATEMENTS_PATH}/${statementId}`;
/** A line's place on the page, for a link from "Dziś". */
export const lineAnchor = (lineId: number) => `line-${lineId}`;

const money = (grosze: number, currency: string) =>
  currency === "PLN" ? formatPrice(grosze, "pl") : `${(grosze / 100).toFixed(2)} ${currency}`;
const LINK = "font-semibold text-blue-900 underline";

/** The file field, and the bank's choice when the last file's columns named no single bank. */
export function StatementUploadForm({
  error,
  chooseBank,
}: {
  error: string | null;
  chooseBank: { choices: CsvBank[]; chosen: string } | null;
}) {
  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={BANK_STATEMENTS_PATH}
      className="mt-4 max-w-xl space-y-4"
      data-testid="statement-upload"
    >
      <input type="hidden" name="intent" value="upload" />
      {error ? (
        <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900" data-testid="statement-error">
          <p className="font-semibold">{STATEMENT_TEXT.refused}</p>
          <p className="mt-1">{error}</p>
        </div>
      ) : null}
      {chooseBank ? (
        <fieldset className="rounded-md border border-amber-400 bg-amber-50 p-4">
          <legend className="px-1 font-semibold text-slate-900">{STATEMENT_TEXT.bankLabel}</legend>
          <p className="text-sm text-slate-800">{STATEMENT_TEXT.bankHint}</p>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {CSV_BANKS.filter((bank) => chooseBank.choices.includes(bank)).map((bank) => (
              <label key={bank} className="inline-flex items-center gap-2">
                <input type="radio" name="bank" value={bank} defaultChecked={chooseBank.chosen === bank} required />
                {STATEMENT_TEXT.bank[bank]}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div>
        <label htmlFor="statement" className="block font-semibold text-slate-900">
          {STATEMENT_TEXT.fileLabel}
        </label>
        <p id="statement-hint" className="text-sm text-slate-700">
          {STATEMENT_TEXT.fileHint}
        </p>
        <input
          id="statement"
          name="statement"
          type="file"
          required
          accept=".sta,.mt940,.txt,.xml,.csv,text/plain,text/csv,application/xml,text/xml"
          aria-describedby="statement-hint"
          aria-invalid={error ? true : undefined}
          className="mt-2 block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-slate-900 hover:file:bg-slate-100"
        />
      </div>
      <button type="submit" className={ADMIN_BUTTON}>
        {STATEMENT_TEXT.submit}
      </button>
    </form>
  );
}

/**
 * One line waiting for the operator: what the bank says, why it waits, the orders it may pay with
 * their price against the amount, and the three decisions. A refused assignment keeps the typed number.
 */
function LineToCheck({ line, error, typed }: { line: OpenLine; error: string | null; typed: string | null }) {
  const numberId = `line-${line.id}-order`;
  const errorId = `line-${line.id}-error`;
  const suggested = line.orders.length === 1 ? line.orders[0]!.number : "";
  return (
    <li id={lineAnchor(line.id)} className="scroll-mt-4 rounded-lg border border-slate-300 bg-white p-4" data-testid="line-to-check">
      <p className="font-semibold text-slate-900">
        {money(line.amountGrosze, line.currency)} · {formatWarsawTime(line.bookedOn)}
      </p>
      <p className="mt-1 text-slate-800" data-testid="line-reason">
        {STATEMENT_TEXT.reason(line.toCheck)}
      </p>
      <dl className="mt-2 grid gap-x-4 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{STATEMENT_TEXT.toCheck.payer}</dt>
        <dd className="[overflow-wrap:anywhere]">{line.payer || "—"}</dd>
        <dt className="font-semibold">{STATEMENT_TEXT.toCheck.title}</dt>
        <dd className="[overflow-wrap:anywhere]">{line.title || "—"}</dd>
        <dt className="font-semibold">{STATEMENT_TEXT.toCheck.account}</dt>
        <dd className="[overflow-wrap:anywhere]">{line.account || "—"}</dd>
        <dt className="font-semibold">Wyciąg</dt>
        <dd className="[overflow-wrap:anywhere]">
          <a href={statementPath(line.statementId)} className={LINK}>
            {line.fileName}
          </a>
          , poz. {line.lineNo}
        </dd>
      </dl>
      {line.orders.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm">
          {line.orders.map((order) => (
            <li key={order.number}>
              {order.id !== null && order.priceGrosze !== null ? (
                <a href={orderDetailPath(order.id)} className={LINK}>
                  {STATEMENT_TEXT.toCheck.price(order.number, order.priceGrosze, line.amountGrosze - order.priceGrosze)}
                </a>
              ) : (
                STATEMENT_TEXT.reason({ reason: "unknownOrder", orderNumber: order.number })
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <form method="post" action={BANK_STATEMENTS_PATH} className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="lineId" value={line.id} />
        <div>
          <label htmlFor={numberId} className="block text-sm font-semibold text-slate-900">
            {STATEMENT_TEXT.toCheck.orderLabel}
          </label>
          <input
            id={numberId}
            name="orderNumber"
            defaultValue={typed ?? suggested}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-1 w-48 rounded-md border border-slate-400 px-2 py-1"
            placeholder={STATEMENT_TEXT.toCheck.orderHint}
          />
        </div>
        <button type="submit" name="intent" value="assign" className={ADMIN_BUTTON}>
          {STATEMENT_TEXT.toCheck.assign}
        </button>
        <button type="submit" name="intent" value="refund" className={ADMIN_SECONDARY_BUTTON}>
          {STATEMENT_TEXT.toCheck.refund}
        </button>
        <button type="submit" name="intent" value="skip" className={ADMIN_SECONDARY_BUTTON}>
          {STATEMENT_TEXT.toCheck.skip}
        </button>
      </form>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </li>
  );
}

export function LinesToCheck({
  lines,
  refused,
}: {
  lines: OpenLine[];
  /** The line whose decision was refused, with why and what was typed. */
  refused: { lineId: number; error: string; typed: string } | null;
}) {
  return (
    <section aria-labelledby="to-check" className="mt-8">
      <h2 id="to-check" className="text-xl font-bold text-slate-900">
        {STATEMENT_TEXT.toCheck.heading} ({lines.length})
      </h2>
      <p className="mt-1 max-w-prose text-slate-800">{STATEMENT_TEXT.toCheck.lead}</p>
      {lines.length === 0 ? (
        <p className="mt-3 text-slate-700" data-testid="nothing-to-check">
          {STATEMENT_TEXT.toCheck.none}
        </p>
      ) : (
        <ul className="mt-4 max-w-3xl space-y-4">
          {lines.map((line) => (
            <LineToCheck
              key={line.id}
              line={line}
              error={refused?.lineId === line.id ? refused.error : null}
              typed={refused?.lineId === line.id ? refused.typed : null}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Money to give back, so it is not forgotten once decided. */
export function RefundsToDo({ lines }: { lines: OpenLine[] }) {
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="refunds" className="mt-8">
      <h2 id="refunds" className="text-xl font-bold text-slate-900">
        {STATEMENT_TEXT.refunds.heading} ({lines.length})
      </h2>
      <p className="mt-1 text-slate-800">{STATEMENT_TEXT.refunds.lead}</p>
      <ul className="mt-3 space-y-2">
        {lines.map((line) => (
          <li
            key={line.id}
            className="rounded-md border border-slate-300 bg-white p-3 text-sm [overflow-wrap:anywhere]"
            data-testid="refund-to-do"
          >
            <span className="font-semibold">{money(line.amountGrosze, line.currency)}</span> · {line.payer || "—"} · {line.account || "—"} ·{" "}
            {line.title || "—"}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The counts of one statement: what the upload did. */
export function StatementCounts({ counts }: { counts: StatementSummary["counts"] }) {
  const rows: Array<[string, number, string]> = [
    [STATEMENT_TEXT.result.paid, counts.paid, "paid"],
    [STATEMENT_TEXT.result.toCheck, counts.toCheck, "toCheck"],
    [STATEMENT_TEXT.result.readBefore, counts.readBefore, "readBefore"],
    [STATEMENT_TEXT.result.notOurs, counts.notOurs, "notOurs"],
  ];
  return (
    <dl
      className="mt-4 grid max-w-xl grid-cols-[1fr_auto] gap-x-6 gap-y-1 rounded-lg border border-slate-300 bg-white p-4"
      data-testid="statement-counts"
    >
      {rows.map(([label, count, key]) => (
        <div key={key} className="contents">
          <dt>{label}</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid={`count-${key}`}>
            {count}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function RecentStatements({ statements }: { statements: StatementSummary[] }) {
  return (
    <section aria-labelledby="recent" className="mt-8">
      <h2 id="recent" className="text-xl font-bold text-slate-900">
        {STATEMENT_TEXT.recent}
      </h2>
      {statements.length === 0 ? (
        <p className="mt-2 text-slate-700">{STATEMENT_TEXT.recentNone}</p>
      ) : (
        <ul className="mt-2 space-y-1">
          {statements.map((statement) => (
            <li key={statement.id} className="[overflow-wrap:anywhere]">
              <a href={statementPath(statement.id)} className={LINK}>
                {statement.fileName}
              </a>{" "}
              ({STATEMENT_TEXT.format(statement.format)}, {formatWarsawTime(statement.uploadedAt)}): opłacone {statement.counts.paid}, do
              sprawdzenia {statement.counts.toCheck}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
