import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { findCustomerOrders } from "~/admin/customer-data.server";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { filterProblem } from "~/admin/order-list.server";
import { ORDER_LIST_PATH, customerDataPath, CUSTOMER_SEARCH_PATH } from "~/components/admin/paths";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { CUSTOMER_DATA_TEXT } from "~/admin/texts";
import { STATUS_LABEL } from "~/order/admin-texts";
import { AdminShell, ADMIN_BUTTON, Notice } from "~/components/admin/AdminShell";
import { PlainField } from "~/components/forms";
import { getDb } from "~/db/db.server";
import { NO_HYDRATION } from "~/render/hydration";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction = () => [
  { title: `${CUSTOMER_DATA_TEXT.searchTitle} | Panel obsługi` },
  { name: "robots", content: "noindex, nofollow" },
];

/** Finding the customer whose data is asked for: the order search's words, folded as it folds them. */
export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const problem = filterProblem(url);
  const orders = search && !problem ? await findCustomerOrders(getDb(), search) : [];
  return json({ operator, search, problem, orders, searched: Boolean(search) }, { status: problem ? 400 : 200, headers: ADMIN_HEADERS });
}

export default function AdminCustomersPage() {
  const { operator, search, problem, orders, searched } = useLoaderData<typeof loader>();
  return (
    <AdminShell operator={operator} title={CUSTOMER_DATA_TEXT.searchTitle}>
      <p className="mt-2">
        <a href={ORDER_LIST_PATH} className="font-semibold text-blue-900 underline">
          ← Wszystkie zamówienia
        </a>
      </p>
      <p className="mt-4 max-w-prose text-slate-800">{CUSTOMER_DATA_TEXT.searchLead}</p>
      <form method="get" action={CUSTOMER_SEARCH_PATH} className="mt-6 flex max-w-xl flex-wrap items-end gap-3" role="search">
        <div className="min-w-64 flex-1">
          <PlainField
            id="customer-search"
            name="q"
            label={CUSTOMER_DATA_TEXT.search}
            defaultValue={search}
            error={problem ?? undefined}
            maxLength={200}
          />
        </div>
        <button type="submit" className={ADMIN_BUTTON}>
          {CUSTOMER_DATA_TEXT.searchSubmit}
        </button>
      </form>
      {searched && !problem && orders.length === 0 ? <Notice tone="error">{CUSTOMER_DATA_TEXT.noResults}</Notice> : null}
      {orders.length > 0 ? (
        <section className="mt-8" aria-labelledby="customer-results">
          <h2 id="customer-results" className="text-xl font-semibold text-slate-900">
            {CUSTOMER_DATA_TEXT.results}
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
            {orders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="customer-result">
                <span>
                  <strong>{order.number}</strong> · {formatWarsawTime(order.created_at)} · {STATUS_LABEL[order.status]}
                  <br />
                  {order.anonymised_at ? CUSTOMER_DATA_TEXT.anonymised : `${order.tenant_name} · ${order.email} · ${order.phone}`}
                </span>
                <a href={customerDataPath(order.id)} className="font-semibold text-blue-900 underline">
                  {CUSTOMER_DATA_TEXT.open}
                  <span className="sr-only"> {order.number}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AdminShell>
  );
}
export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminShell";
