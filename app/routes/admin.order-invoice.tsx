import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { orderDetailPath } from "~/components/admin/paths";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { AdminShell } from "~/components/admin/AdminShell";
import { getDb } from "~/db/db.server";
import { INVOICE_ADMIN_TEXT } from "~/invoices/admin-texts";
import { invoicesOfOrder, issueByOperator } from "~/invoices/admin.server";
import { AdminOrderInvoices } from "~/invoices/AdminOrderInvoices";
import { ksefSendsInvoices } from "~/invoices/ksef-link.server";
import { nudgeKsefLane } from "~/ksef/ksef-lane.server";
import { nudgeMailWorker } from "~/jobs/mail-worker.server";
import { NO_HYDRATION } from "~/render/hydration";
import { readFormDataOr413 } from "~/security/body.server";

/**
 * The operator issues an order's invoice (POST from the order page's invoice section). Issued, it
 * goes back to the order page; refused, this page shows the form again with what was typed.
 */
export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction = () => [
  { title: `${INVOICE_ADMIN_TEXT.issue} | Panel obsługi` },
  { name: "robots", content: "noindex, nofollow" },
];

function orderIdOf(param: string | undefined): number | null {
  return param && /^\d{1,12}$/.test(param) ? Number(param) : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOperator(request);
  const orderId = orderIdOf(params.id);
  return redirect(orderId === null ? "/admin" : orderDetailPath(orderId), { headers: ADMIN_HEADERS });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireOperator(request);
  const orderId = orderIdOf(params.id);
  if (orderId === null) throw json({ operator }, { status: 404, headers: ADMIN_HEADERS });
  const form = await readFormDataOr413(request);
  const outcome = await issueByOperator(getDb(), orderId, form, operator, new Date());
  if (outcome.ok) {
    nudgeMailWorker();
    nudgeKsefLane();
    return redirect(`${orderDetailPath(orderId)}?done=invoice`, { status: 303, headers: ADMIN_HEADERS });
  }
  if (outcome.status === 404) throw json({ operator }, { status: 404, headers: ADMIN_HEADERS });
  const { request: invoiceRequest, invoices, ksef } = await invoicesOfOrder(getDb(), orderId);
  return json(
    { operator, orderId, invoiceRequest, invoices, ksef, errors: outcome.errors, values: outcome.values, ksefSends: ksefSendsInvoices() },
    { status: outcome.status, headers: ADMIN_HEADERS },
  );
}

export default function AdminOrderInvoicePage() {
  const data = useActionData<typeof action>();
  if (!data) return null;
  return (
    <AdminShell operator={data.operator} title={INVOICE_ADMIN_TEXT.issue}>
      <p className="mt-2">
        <a href={orderDetailPath(data.orderId)} className="font-semibold text-blue-900 underline">
          ← Zamówienie
        </a>
      </p>
      <AdminOrderInvoices
        orderId={data.orderId}
        paid
        request={data.invoiceRequest}
        invoices={data.invoices}
        ksefSends={data.ksefSends}
        ksef={data.ksef}
        refusal={{ errors: data.errors, values: data.values }}
      />
    </AdminShell>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminShell";
