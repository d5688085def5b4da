import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { NO_HYDRATION } from "~/render/hydration";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;

/** Any other /admin address: the login page for a signed-out visitor, a 404 for an operator. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request);
  throw json(null, { status: 404, headers: ADMIN_HEADERS });
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminShell";

export default function AdminNotFound() {
  return null;
}
