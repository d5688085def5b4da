import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_HOME } from "~/components/admin/paths";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { LIST_TEXT } from "~/admin/texts";
import { SHIPPING_TEXT } from "~/shipping/admin-texts";
import { TRANSITION_TEXT } from "~/order/lifecycle/admin-texts";
import { AdminShell, Notice } from "~/components/admin/AdminShell";
import { getDb } from "~/db/db.server";
import { nudgeMailWorker } from "~/jobs/mail-worker.server";
import { NO_HYDRATION } from "~/render/hydration";
import { readFormDataOr413 } from "~/security/body.server";
import { ShipBatchForm, ShipBatchResults, type BatchLine } from "~/shipping/ShipBatch";
import { BATCH_MAX, dispatchCandidates, shipChosenOrders } from "~/shipping/ship-batch.server";
import { shipOutcomeMessage } from "~/shipping/ship-form.server";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction = () => [
  { title: `${SHIPPING_TEXT.batchTitle} | Panel obsługi` },
  { name: "robots", content: "noindex, nofollow" },
];

/** The paid orders ready to ship, and those that wait with their reason. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const { ready, waiting } = await dispatchCandidates(getDb(), new Date());
  return json({ operator, canShip: context.services.shipping !== null, ready, waiting }, { headers: ADMIN_HEADERS });
}

type Answer = { shipped: BatchLine[] } | { errors: Record<string, string>; chosen: number[] };

/** Ships the ticked orders, once the operator ticked that they mean it, and answers with what it did, order by order. */
export async function action({ request, context }: ActionFunctionArgs) {
  const operator = await requireOperator(request);
  const form = await readFormDataOr413(request);
  const chosen = form
    .getAll("order")
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .slice(0, BATCH_MAX);
  const errors: Record<string, string> = {};
  if (chosen.length === 0) errors.order = SHIPPING_TEXT.batchChooseOne;
  if (form.get("confirm") !== "yes") errors.confirm = TRANSITION_TEXT.confirmMissing;
  const carrier = context.services.shipping;
  if (!carrier) return json<Answer>({ errors: { form: SHIPPING_TEXT.unavailable }, chosen }, { status: 404, headers: ADMIN_HEADERS });
  if (Object.keys(errors).length > 0) return json<Answer>({ errors, chosen }, { status: 400, headers: ADMIN_HEADERS });
  const results = await shipChosenOrders(getDb(), carrier, chosen, operator, () => new Date());
  const shipped: BatchLine[] = results.map(({ id, number, outcome }) => ({
    id,
    number,
    trackingNumber: outcome.ok ? outcome.trackingNumber : null,
    problem: shipOutcomeMessage(outcome),
  }));
  if (shipped.some((line) => line.trackingNumber)) nudgeMailWorker();
  return json<Answer>({ shipped }, { headers: ADMIN_HEADERS });
}

export default function AdminShipBatchPage() {
  const { operator, canShip, ready, waiting } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer && "errors" in answer ? answer : null;
  return (
    <AdminShell operator={operator} title={SHIPPING_TEXT.batchTitle}>
      <p className="mt-2">
        <a href={`${ADMIN_HOME}?due=1`} className="font-semibold text-blue-900 underline">
          {SHIPPING_TEXT.batchBack} ({LIST_TEXT.due})
        </a>
      </p>
      {refused?.errors.form || !canShip ? (
        <Notice tone="error" testId="batch-unavailable">
          {SHIPPING_TEXT.unavailable}
        </Notice>
      ) : null}
      {answer && "shipped" in answer ? (
        <ShipBatchResults lines={answer.shipped} />
      ) : canShip ? (
        <ShipBatchForm ready={ready} waiting={waiting} errors={refused?.errors ?? {}} chosen={refused?.chosen ?? null} />
      ) : null}
    </AdminShell>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminShell";
