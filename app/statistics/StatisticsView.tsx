import { ADMIN_BUTTON } from "~/components/admin/AdminShell";
import { AdminTable } from "~/components/admin/AdminTable";
import { Facts } from "~/components/admin/Facts";
import { salesRegisterPath, STATISTICS_PATH } from "~/components/admin/paths";
import { ErrorSummary, FieldError } from "~/components/forms";
import { DECLARATION_TYPES } from "~/config/products";
import { LOCALES } from "~/i18n/locales";
import { formatPrice } from "~/i18n/money";
import { LOCALE_LABEL } from "~/order/admin-texts";
import { BarChart } from "./BarChart";
import type { PeriodFigures, Statistics } from "./figures.server";
import { PAYMENT_WAYS } from "./payment-way";
import { daysText, monthName, monthShort, STATISTICS_TEXT as TEXT } from "./texts";

const CELL = "px-3 py-2 text-left align-top whitespace-nowrap";
const HEADING = "mt-8 text-xl font-bold text-slate-900";
const LINK = "font-semibold text-blue-900 underline underline-offset-2";
const money = (grosze: number) => formatPrice(grosze, "pl");

function breakdown<K extends string>(keys: readonly K[], counts: Record<K, number>, label: (key: K) => string): string {
  return keys.map((key) => `${label(key)}: ${counts[key]}`).join(", ");
}

function PeriodFacts({ figures }: { figures: PeriodFigures }) {
  return (
    <Facts
      rows={[
        { label: TEXT.placed, value: String(figures.placed), testId: "figure-placed" },
        { label: TEXT.paid, value: String(figures.paid), testId: "figure-paid" },
        { label: TEXT.cancelled, value: String(figures.cancelled), testId: "figure-cancelled" },
        { label: TEXT.withdrawn, value: String(figures.withdrawn), testId: "figure-withdrawn" },
        { label: TEXT.byWay, value: breakdown(PAYMENT_WAYS, figures.byWay, (way) => TEXT.way[way]), testId: "figure-ways" },
        { label: TEXT.byType, value: breakdown(DECLARATION_TYPES, figures.byType, (type) => TEXT.type[type]), testId: "figure-types" },
        { label: TEXT.byLocale, value: breakdown(LOCALES, figures.byLocale, (locale) => LOCALE_LABEL[locale]), testId: "figure-locales" },
        { label: TEXT.medianDispatch, value: daysText(figures.medianDaysToDispatch), testId: "figure-median" },
        { label: TEXT.gross, value: money(figures.grossGrosze), testId: "figure-gross" },
        { label: TEXT.net, value: money(figures.netGrosze), testId: "figure-net" },
        { label: TEXT.vat, value: money(figures.vatGrosze), testId: "figure-vat" },
      ]}
    />
  );
}

const MONTH_COLUMNS = [
  TEXT.month,
  TEXT.placed,
  TEXT.paid,
  TEXT.cancelled,
  TEXT.withdrawn,
  ...PAYMENT_WAYS.map((way) => TEXT.way[way]),
  ...DECLARATION_TYPES.map((type) => TEXT.type[type]),
  ...LOCALES.map((locale) => LOCALE_LABEL[locale]),
  TEXT.medianDispatch,
  TEXT.gross,
  TEXT.net,
  TEXT.vat,
  TEXT.register,
];

function MonthRow({ figures }: { figures: PeriodFigures }) {
  const month = figures.period.key;
  const cells = [
    figures.placed,
    figures.paid,
    figures.cancelled,
    figures.withdrawn,
    ...PAYMENT_WAYS.map((way) => figures.byWay[way]),
    ...DECLARATION_TYPES.map((type) => figures.byType[type]),
    ...LOCALES.map((locale) => figures.byLocale[locale]),
    daysText(figures.medianDaysToDispatch),
    money(figures.grossGrosze),
    money(figures.netGrosze),
    money(figures.vatGrosze),
  ];
  return (
    <tr data-testid={`month-${month}`}>
      <th scope="row" className={`${CELL} font-semibold`}>
        {monthName(month)}
      </th>
      {cells.map((cell, index) => (
        <td key={MONTH_COLUMNS[index + 1]} className={CELL}>
          {cell}
        </td>
      ))}
      <td className={CELL}>
        <a href={salesRegisterPath(month)} className={LINK} download>
          {TEXT.registerLink}
        </a>
      </td>
    </tr>
  );
}

/** The month in figures: the last 30 days, the last 12 months as charts and a table, and the sales register per month. */
const REGISTER_FIELD = "register-month";
const REGISTER_ERROR = "register-month-error";

export function StatisticsView({
  statistics,
  vatExempt,
  registerRefused,
}: {
  statistics: Statistics;
  vatExempt: boolean;
  /** The month typed into the register's form when it was not RRRR-MM. */
  registerRefused: { typed: string } | null;
}) {
  const { lastThirtyDays, months } = statistics;
  const oldestFirst = [...months].reverse();
  const mostGross = Math.max(...months.map((figures) => figures.grossGrosze));
  return (
    <>
      {registerRefused ? (
        <div className="mt-4">
          <ErrorSummary heading={TEXT.registerRefused} items={[{ id: REGISTER_FIELD, message: TEXT.badMonth }]} />
        </div>
      ) : null}
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{TEXT.countingNote}</p>
      {vatExempt ? <p className="mt-2 max-w-3xl text-sm text-slate-700">{TEXT.exemptNote}</p> : null}
      <section aria-labelledby="last-thirty-days">
        <h2 id="last-thirty-days" className={HEADING}>
          {TEXT.lastThirtyDays}
        </h2>
        <p className="text-sm text-slate-700">{TEXT.period(lastThirtyDays.period.firstDay, lastThirtyDays.period.lastDay)}</p>
        <PeriodFacts figures={lastThirtyDays} />
      </section>
      <section aria-labelledby="last-twelve-months">
        <h2 id="last-twelve-months" className={HEADING}>
          {TEXT.months}
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          <BarChart
            title={TEXT.paidChart}
            testId="chart-paid"
            bars={oldestFirst.map((figures) => ({
              label: monthShort(figures.period.key),
              longLabel: monthName(figures.period.key),
              value: figures.paid,
              valueText: String(figures.paid),
              shortText: String(figures.paid),
            }))}
          />
          <BarChart
            title={TEXT.grossChart}
            testId="chart-gross"
            scaleText={TEXT.scale(money(mostGross))}
            bars={oldestFirst.map((figures) => ({
              label: monthShort(figures.period.key),
              longLabel: monthName(figures.period.key),
              value: figures.grossGrosze,
              valueText: money(figures.grossGrosze),
            }))}
          />
        </div>
        <AdminTable label={TEXT.months} caption={TEXT.monthsCaption} columns={MONTH_COLUMNS} className="mt-6">
          {months.map((figures) => (
            <MonthRow key={figures.period.key} figures={figures} />
          ))}
        </AdminTable>
      </section>
      <section aria-labelledby="sales-register">
        <h2 id="sales-register" className={HEADING}>
          {TEXT.register}
        </h2>
        <p className="mt-2 max-w-3xl text-slate-800">{TEXT.registerNote}</p>
        <form method="get" action={STATISTICS_PATH} className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={REGISTER_FIELD} className="block font-semibold text-slate-900">
              {TEXT.registerMonth}
            </label>
            <FieldError id={REGISTER_ERROR} message={registerRefused ? TEXT.badMonth : undefined} />
            <input
              id={REGISTER_FIELD}
              name="register"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={registerRefused?.typed ?? months[0]!.period.key}
              aria-invalid={registerRefused ? true : undefined}
              aria-describedby={registerRefused ? REGISTER_ERROR : undefined}
              className="mt-1 block w-40 rounded-md border border-slate-400 px-3 py-2 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700"
            />
          </div>
          <button type="submit" className={ADMIN_BUTTON}>
            {TEXT.registerButton}
          </button>
        </form>
      </section>
    </>
  );
}
