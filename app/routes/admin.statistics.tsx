import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { AdminShell } from "~/components/admin/AdminShell";
import { sellerVat } from "~/config/env.server";
import { getDb } from "~/db/db.server";
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

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const figures = await statistics(getDb(), new Date(), sellerVat.rate);
  return json({ operator, statistics: figures, vatExempt: sellerVat.rate === "zw" }, { headers: ADMIN_HEADERS });
}

export default function AdminStatisticsPage() {
  const { operator, statistics, vatExempt } = useLoaderData<typeof loader>();
  return (
    <AdminShell operator={operator} title={STATISTICS_TEXT.title}>
      <StatisticsView statistics={statistics} vatExempt={vatExempt} />
    </AdminShell>
  );
}
export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminShell";
