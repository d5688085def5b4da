import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { AdminShell } from "~/components/admin/AdminShell";
import { sellerVat } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { salesRegisterPath } from "~/components/admin/paths";
import { monthOf } from "~/invoices/admin.server";
import { NO_HYDRATION } from "~/render/hydration";
import { statistics } from "~/statistics/figures.server";
import { StatisticsView } from "~/statistics/StatisticsView";
import { STATISTICS_TEXT } from "~/statistics/texts";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction = () => [
  { title: `${STATISTICS_TEXT.title} | Panel obsługi` },
  { name: "robots", content: "noindex, nofollow" },
];

/** `?register=2026-11`, the page's form: sends the browser to that month's register, or shows the page again with the month refused. */
export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const typed = new URL(request.url).searchParams.get("register");
  const month = typed === null ? null : monthOf(typed.trim());
  if (month) return redirect(salesRegisterPath(month), { headers: ADMIN_HEADERS });
  const registerRefused = typed === null ? null : { typed: typed.slice(0, 40) };
  const figures = await statistics(getDb(), new Date(), sellerVat.rate);
  return json(
    { operator, statistics: figures, vatExempt: sellerVat.rate === "zw", registerRefused },
    { status: registerRefused ? 400 : 200, headers: ADMIN_HEADERS },
  );
}

export default function AdminStatisticsPage() {
  const { operator, statistics, vatExempt, registerRefused } = useLoaderData<typeof loader>();
  return (
    <AdminShell operator={operator} title={STATISTICS_TEXT.title}>
      <StatisticsView statistics={statistics} vatExempt={vatExempt} registerRefused={registerRefused} />
    </AdminShell>
  );
}
export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminShell";
