import { formatWarsawTime } from "~/i18n/back-office-format";
import { deliveryLine } from "./delivery-label";
import { ADMIN_HOME, orderDetailPath } from "~/components/admin/paths";
import { FORM_ERRORS_TEXT } from "~/components/admin/texts";
import { SHIPPING_TEXT } from "./admin-texts";
import { ADMIN_BUTTON } from "~/components/admin/AdminShell";
import { AdminTable } from "~/components/admin/AdminTable";
import { ConfirmTick } from "~/components/admin/ConfirmTick";
import { ErrorSummary } from "~/components/forms";
import type { BatchOrder } from "./ship-batch.server";

/** The day's batch (docs/decisions/059): its page, and the one PDF of its labels. */
export const SHIP_BATCH_PATH = `${ADMIN_HOME}/shipping`;
export const batchLabelsPath = (orderIds: readonly number[]) =>
  `${SHIP_BATCH_PATH}/labels.pdf?${new URLSearchParams(orderIds.map((id) => ["order", String(id)]))}`;

/** One shipped, or why not: what the batch's answer lists. */
export type BatchLine = { id: number; number: string; trackingNumber: string | null; problem: string | null };

const CELL = "px-3 py-2 text-left align-top";
const LINK = "font-mono font-semibold text-blue-900 underline";
const choiceId = (orderId: number) => `batch-order-${orderId}`;

function OrderLink({ id, number }: { id: number; number: string }) {
  return (
    <a href={orderDetailPath(id)} className={LINK}>
      {number}
    </a>
  );
}

/**
 * The orders ready to ship, each with its box ticked, the orders that wait and why, and the
 * confirmation: a plain form, as everything in the back office (it runs no script). `chosen` keeps
 * the operator's choice after a refused submit.
 */
export function ShipBatchForm({
  ready,
  waiting,
  errors,
  chosen,
}: {
  ready: BatchOrder[];
  waiting: BatchOrder[];
  errors: Record<string, string>;
  chosen: number[] | null;
}) {
  const confirmId = "batch-confirm";
  const problems = [
    ...(errors.order && ready[0] ? [{ id: choiceId(ready[0].id), message: errors.order }] : []),
    ...(errors.confirm ? [{ id: confirmId, message: `${SHIPPING_TEXT.batchConfirm}: ${errors.confirm}` }] : []),
  ];
  return (
    <>
      {problems.length > 0 ? (
        <div className="mt-4">
          <ErrorSummary heading={FORM_ERRORS_TEXT.heading(SHIPPING_TEXT.batchTitle)} items={problems} />
        </div>
      ) : null}
      <p className="mt-4 max-w-prose text-slate-800">{SHIPPING_TEXT.batchLead}</p>
      <h2 className="mt-6 text-xl font-bold text-slate-900">
        {SHIPPING_TEXT.batchReady} ({ready.length})
      </h2>
      {ready.length === 0 ? (
        <p className="mt-2 text-slate-700" data-testid="batch-none">
          {SHIPPING_TEXT.batchNone}
        </p>
      ) : (
        <form method="post" className="mt-2 grid gap-4" noValidate aria-label={SHIPPING_TEXT.batchTitle} data-testid="batch-form">
          {errors.order ? <p className="font-semibold text-red-800">{errors.order}</p> : null}
          <AdminTable label={SHIPPING_TEXT.batchReady} columns={SHIPPING_TEXT.batchColumns}>
            {ready.map((order) => (
              <tr key={order.id} data-testid="batch-ready">
                <td className={CELL}>
                  {/* A label of its own: a 44 px target, named by the order it ships. */}
                  <label className="flex min-h-11 min-w-11 items-center" htmlFor={choiceId(order.id)}>
                    <input
                      type="checkbox"
                      id={choiceId(order.id)}
                      name="order"
                      value={order.id}
                      defaultChecked={chosen === null || chosen.includes(order.id)}
                      aria-label={SHIPPING_TEXT.batchChoose(order.number)}
                      className="size-6"
                    />
                  </label>
                </td>
                <td className={CELL}>
                  <OrderLink id={order.id} number={order.number} />
                </td>
                <td className={CELL}>{order.tenantName}</td>
                <td className={CELL}>{deliveryLine({ delivery_method: order.deliveryMethod, locker_name: order.lockerName })}</td>
                <td className={`${CELL} whitespace-nowrap`}>{order.dispatchDue ? formatWarsawTime(order.dispatchDue) : "—"}</td>
              </tr>
            ))}
          </AdminTable>
          <div className="grid max-w-xl gap-3">
            <p className="rounded-md bg-amber-50 p-3 text-slate-900" id={`${confirmId}-note`}>
              {SHIPPING_TEXT.batchConfirmNote}
            </p>
            <ConfirmTick id={confirmId} label={SHIPPING_TEXT.batchConfirm} error={errors.confirm} describedBy={`${confirmId}-note`} />
            <div>
              <button type="submit" className={ADMIN_BUTTON}>
                {SHIPPING_TEXT.batchSubmit}
              </button>
            </div>
          </div>
        </form>
      )}
      {waiting.length > 0 ? (
        <section aria-labelledby="batch-waiting" className="mt-8">
          <h2 id="batch-waiting" className="text-xl font-bold text-slate-900">
            {SHIPPING_TEXT.batchWaiting} ({waiting.length})
          </h2>
          <p className="mt-2 text-slate-700">{SHIPPING_TEXT.batchWaitingLead}</p>
          <ul className="mt-2 grid gap-2">
            {waiting.map((order) => (
              <li key={order.id} data-testid="batch-waiting">
                <OrderLink id={order.id} number={order.number} /> {order.tenantName}:{" "}
                {order.waiting?.reason === "withdrawal-period"
                  ? SHIPPING_TEXT.waitingPeriod(formatWarsawTime(order.waiting.until))
                  : order.waiting?.reason === "awaiting-pickup"
                    ? SHIPPING_TEXT.waitingPickup
                    : SHIPPING_TEXT.waitingLocker}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** What the batch did, order by order, and the one PDF of the labels of those shipped. */
export function ShipBatchResults({ lines }: { lines: BatchLine[] }) {
  const shipped = lines.filter((line) => line.trackingNumber);
  return (
    <section aria-labelledby="batch-results" className="mt-4" data-testid="batch-results">
      <h2 id="batch-results" className="text-xl font-bold text-slate-900">
        {SHIPPING_TEXT.batchShipped(shipped.length, lines.length)}
      </h2>
      <ul className="mt-2 grid gap-2">
        {lines.map((line) => (
          <li key={line.id} data-testid="batch-result" className={line.problem ? "text-red-900" : "text-slate-900"}>
            <OrderLink id={line.id} number={line.number} />:{" "}
            {line.trackingNumber ? SHIPPING_TEXT.batchShippedAs(line.trackingNumber) : line.problem}
          </li>
        ))}
      </ul>
      {shipped.length > 0 ? (
        <p className="mt-4">
          <a href={batchLabelsPath(shipped.map((line) => line.id))} className={ADMIN_BUTTON} download>
            {SHIPPING_TEXT.batchLabels}
          </a>
        </p>
      ) : null}
    </section>
  );
}
