import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  countByStatus,
  countDue,
  countTrouble,
  filterProblem,
  listOrders,
  noCounts,
  parseOrderFilter,
  STATUSES,
  type OrderFilter,
} from "~/admin/order-list.server";
import { ADMIN_HOME, CSV_PATH } from "~/components/admin/paths";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { ShipBatchLink } from "~/shipping/AdminShipping";
import { LIST_TEXT } from "~/admin/texts";
import { STATUS_LABEL } from "~/order/admin-texts";
import { WITHDRAWAL_TEXT } from "~/withdrawal/admin-texts";
import { listWithdrawals, withdrawalCounts } from "~/withdrawal/admin.server";
import { WithdrawalList } from "~/withdrawal/AdminWithdrawals";
import { nudgeMailWorker } from "~/jobs/mail-worker.server";
import { readFormDataOr413 } from "~/security/body.server";
import { linkWithdrawal } from "~/withdrawal/withdrawal.server";
import { env } from "~/config/env.server";
import { OrderCards, OrderTable } from "~/admin/OrderList";
import { ADMIN_INPUT, OrderSearchField } from "~/admin/OrderSearchField";
import { AdminShell, ADMIN_BUTTON, ADMIN_SECONDARY_BUTTON, Notice } from "~/components/admin/AdminShell";
import { getDb } from "~/db/db.server";
import type { OrderStatus } from "~/db/schema";
import { NO_HYDRATION } from "~/render/hydration";
import { todayClock, todayGroups } from "~/today/today.server";
import { TodayList, TodaySearch, UndoableMoves } from "~/today/TodayList";
import { undoableMoves } from "~/flows/undo.server";
import { TODAY_TEXT } from "~/today/texts";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && "today" in data ? TODAY_TEXT.title : "Zamówienia"} | Panel obsługi` },
  { name: "robots", content: "noindex, nofollow" },
];

/** `?withdrawals=all|unmatched` shows the withdrawal statements instead of the orders. */
function withdrawalsModeOf(url: URL): "all" | "unmatched" | null {
  const mode = url.searchParams.get("withdrawals");
  return mode === "all" || mode === "unmatched" ? mode : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const url = new URL(request.url);
  // /admin alone is "Dziś"; any query is the order list, at the address it always had (docs/decisions/081).
  if (url.search === "")
    return json(
      {
        operator,
        today: await todayGroups(getDb(), todayClock(new Date(), env.PAYMENT_DEADLINE_DAYS)),
        undoable: await undoableMoves(getDb(), operator, new Date()),
      },
      { headers: ADMIN_HEADERS },
    );
  const filter = parseOrderFilter(url);
  const problem = filterProblem(url);
  const db = getDb();
  const withdrawalMode = withdrawalsModeOf(url);
  const withdrawals = {
    mode: withdrawalMode,
    counts: await withdrawalCounts(db),
    rows: withdrawalMode ? await listWithdrawals(db, { unmatchedOnly: withdrawalMode === "unmatched" }) : [],
    linked: url.searchParams.get("linked") === "1",
  };
  if (problem) {
    const none: Awaited<ReturnType<typeof listOrders>>["rows"] = [];
    const refused = {
      operator,
      filter,
      rows: none,
      hasNext: false,
      counts: noCounts(),
      dueCount: 0,
      troubleCount: 0,
      searchError: problem,
      withdrawals,
      canShip: false,
    };
    return json(refused, { status: 400, headers: ADMIN_HEADERS });
  }
  const [{ rows, hasNext }, counts, dueCount, troubleCount] = await Promise.all([
    listOrders(db, filter, env.PAYMENT_DEADLINE_DAYS),
    countByStatus(db, filter),
    countDue(db, filter),
    countTrouble(db, filter),
  ]);
  const canShip = context.services.shipping !== null;
  return json(
    { operator, filter, rows, hasNext, counts, dueCount, troubleCount, searchError: null, withdrawals, canShip },
    { headers: ADMIN_HEADERS },
  );
}

/** Links an unmatched withdrawal statement to the order the operator names. */
export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request);
  const form = await readFormDataOr413(request);
  const withdrawalId = Number(form.get("withdrawalId"));
  const typed = String(form.get("orderNumber") ?? "").slice(0, 40);
  if (form.get("intent") !== "link_withdrawal" || !Number.isSafeInteger(withdrawalId))
    return json({ withdrawalId: 0, error: WITHDRAWAL_TEXT.linkErrors.notFound!, typed }, { status: 400, headers: ADMIN_HEADERS });
  const outcome = await linkWithdrawal(getDb(), withdrawalId, typed, operator);
  if (!outcome.ok)
    return json({ withdrawalId, error: WITHDRAWAL_TEXT.linkErrors[outcome.error]!, typed }, { status: 400, headers: ADMIN_HEADERS });
  nudgeMailWorker();
  return redirect(`${ADMIN_HOME}?withdrawals=all&linked=1`, { status: 303, headers: ADMIN_HEADERS });
}

/** The list's address for a filter, so status tabs, paging and the CSV link keep each other's choices. */
function listQuery(filter: OrderFilter, change: Partial<OrderFilter> = {}): string {
  const next = { ...filter, ...change };
  const params = new URLSearchParams();
  if (next.status) params.set("status", next.status);
  if (next.search) params.set("q", next.search);
  if (next.from) params.set("from", next.from);
  if (next.to) params.set("to", next.to);
  if (next.due) params.set("due", "1");
  if (next.trouble) params.set("trouble", "1");
  if (next.page > 1) params.set("page", String(next.page));
  // Without a query /admin is "Dziś", so the list of every order says so.
  return `?${params.toString() || "status=all"}`;
}

/** The list's other views: one wrapped row of text links, so the first order stays on a phone's first screen. */
const ADMIN_TEXT_LINK = "py-1 font-semibold text-blue-900 underline underline-offset-2 hover:text-blue-700";

export default function AdminHomePage() {
  const data = useLoaderData<typeof loader>();
  if ("today" in data)
    return (
      <AdminShell operator={data.operator} title={TODAY_TEXT.title}>
        <TodaySearch />
        <UndoableMoves moves={data.undoable} />
        <TodayList groups={data.today} />
      </AdminShell>
    );
  return <OrderListPage {...data} />;
}

type ListData = Exclude<SerializeFrom<typeof loader>, { today: unknown }>;

function OrderListPage({ operator, filter, rows, hasNext, counts, dueCount, troubleCount, searchError, withdrawals, canShip }: ListData) {
  const linkRefusal = useActionData<typeof action>() ?? null;
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const caption = filter.due ? LIST_TEXT.dueCaption : filter.trouble ? LIST_TEXT.troubleCaption : LIST_TEXT.caption;
  const tabs: Array<{ status: OrderStatus | null; due: boolean; trouble: boolean; label: string; count: number; id: string }> = [
    { status: null, due: false, trouble: false, label: "Wszystkie", count: total, id: "all" },
    { status: null, due: true, trouble: false, label: LIST_TEXT.due, count: dueCount, id: "due" },
    ...STATUSES.map((status) => ({ status, due: false, trouble: false, label: STATUS_LABEL[status], count: counts[status], id: status })),
    { status: null, due: false, trouble: true, label: LIST_TEXT.trouble, count: troubleCount, id: "trouble" },
  ];
  return (
    <AdminShell operator={operator} title="Zamówienia">
      {searchError ? (
        <Notice tone="error" testId="search-error">
          {searchError}
        </Notice>
      ) : null}
      {canShip && filter.due ? <ShipBatchLink /> : null}
      <form method="get" action={ADMIN_HOME} role="search" className="mt-4 flex flex-wrap items-end gap-3">
        {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
        {filter.due ? <input type="hidden" name="due" value="1" /> : null}
        {filter.trouble ? <input type="hidden" name="trouble" value="1" /> : null}
        <OrderSearchField defaultValue={filter.search} />
        <div>
          <label htmlFor="order-from" className="block font-semibold text-slate-900">
            {LIST_TEXT.from}
          </label>
          <input id="order-from" name="from" type="date" defaultValue={filter.from} className={ADMIN_INPUT} />
        </div>
        <div>
          <label htmlFor="order-to" className="block font-semibold text-slate-900">
            {LIST_TEXT.to}
          </label>
          <input id="order-to" name="to" type="date" defaultValue={filter.to} className={ADMIN_INPUT} />
        </div>
        <button type="submit" className={ADMIN_BUTTON}>
          Szukaj
        </button>
      </form>
      {/* The other sections are in the menu of every page's header (AdminShell). */}
      <p className="mt-3">
        <a href={`${CSV_PATH}${listQuery(filter, { page: 1 })}`} className={ADMIN_TEXT_LINK} data-testid="csv-export">
          Pobierz CSV
        </a>
      </p>
      <nav aria-label="Filtr statusu" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {tabs.map((tab) => {
            const current = tab.status === filter.status && tab.due === filter.due && tab.trouble === filter.trouble;
            return (
              <li key={tab.id}>
                <a
                  href={`${ADMIN_HOME}${listQuery(filter, { status: tab.status, due: tab.due, trouble: tab.trouble, page: 1 })}`}
                  aria-current={current ? "page" : undefined}
                  className={`inline-block rounded-full border px-3 py-1 text-sm font-semibold ${current ? "border-blue-800 bg-blue-800 text-white" : "border-slate-300 text-slate-800 hover:bg-slate-100"}`}
                  data-testid={`status-tab-${tab.id}`}
                >
                  {tab.label} ({tab.count})
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <nav aria-label="Odstąpienia od umowy" className="mt-2">
        <ul className="flex flex-wrap gap-2">
          {(
            [
              ["all", WITHDRAWAL_TEXT.tab(withdrawals.counts.all, withdrawals.counts.unmatched)],
              ["unmatched", WITHDRAWAL_TEXT.unmatchedTab(withdrawals.counts.unmatched)],
            ] as const
          ).map(([mode, label]) => (
            <li key={mode}>
              <a
                href={`${ADMIN_HOME}?withdrawals=${mode}`}
                aria-current={withdrawals.mode === mode ? "page" : undefined}
                className={`inline-block rounded-full border px-3 py-1 text-sm font-semibold ${withdrawals.mode === mode ? "border-red-800 bg-red-800 text-white" : "border-red-700 text-red-900 hover:bg-red-50"}`}
                data-testid={`withdrawals-tab-${mode}`}
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {withdrawals.linked && !linkRefusal ? (
        <Notice tone="success" testId="withdrawal-linked">
          {WITHDRAWAL_TEXT.linked}
        </Notice>
      ) : null}
      {withdrawals.mode ? (
        <WithdrawalList rows={withdrawals.rows} refusal={linkRefusal} />
      ) : rows.length === 0 ? (
        <p className="mt-6 text-slate-700" data-testid="no-orders">
          Brak zamówień dla tego filtra.
        </p>
      ) : (
        <>
          <OrderTable rows={rows} caption={caption} />
          <OrderCards rows={rows} caption={caption} />
        </>
      )}
      <nav aria-label="Strony listy" className="mt-4 flex gap-3">
        {filter.page > 1 ? (
          <a href={`${ADMIN_HOME}${listQuery(filter, { page: filter.page - 1 })}`} className={ADMIN_SECONDARY_BUTTON} rel="prev">
            Poprzednia strona
          </a>
        ) : null}
        {hasNext ? (
          <a href={`${ADMIN_HOME}${listQuery(filter, { page: filter.page + 1 })}`} className={ADMIN_SECONDARY_BUTTON} rel="next">
            Następna strona
          </a>
        ) : null}
      </nav>
    </AdminShell>
  );
}
export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminShell";
