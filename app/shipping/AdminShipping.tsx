import { fieldId } from "~/forms/field-problems";
import { IN_LANGUAGE } from "~/order/admin-texts";
import { SHIPMENT_STATUS_LABEL, SHIPPING_TEXT } from "./admin-texts";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { ADMIN_BUTTON } from "~/components/admin/AdminShell";
import { ConfirmTick } from "~/components/admin/ConfirmTick";
import type { OrderRow } from "~/db/schema";
import type { ReactNode } from "react";
import { SHIP_BATCH_PATH } from "./ShipBatch";
import { INPOST_TRACKING_URL, trackingLinkOf } from "~/order/parcel-tracking";

type ShippingOrder = Pick<
  OrderRow,
  | "id"
  | "status"
  | "delivery_method"
  | "locker_name"
  | "locker_address"
  | "shipment_id"
  | "shipment_status"
  | "delivered_at"
  | "tracking_number"
  | "withdrawn_at"
  | "locale"
>;

/** The label's address in the back office: /admin/orders/:id/label.pdf. */
export const labelPath = (orderId: number) => `/admin/orders/${orderId}/label.pdf`;

/**
 * The order's delivery in the back office (docs/decisions/048): how the customer asked to receive
 * it, the InPost shipment and its status, and "Nadaj przesyłkę" on a paid order the customer has
 * not withdrawn from, while ShipX is configured, with the tick every step that e-mails the customer
 * asks for. Plain forms: the back office runs no script.
 */
export function AdminShipping({
  order,
  canShip,
  errors = {},
}: {
  order: ShippingOrder;
  canShip: boolean;
  /** The ship form's refused fields (the tick). */
  errors?: Record<string, string>;
}) {
  const confirmId = fieldId("ship", "confirm");
  const facts: [string, ReactNode][] = [
    [
      SHIPPING_TEXT.method,
      order.delivery_method === "locker" ? SHIPPING_TEXT.locker(order.locker_name ?? "", order.locker_address) : SHIPPING_TEXT.courier,
    ],
  ];
  // The number the customer and InPost's page know; ShipX's own id means nothing to anyone reading this.
  const tracking = order.shipment_id && order.tracking_number ? trackingLinkOf(INPOST_TRACKING_URL, order.tracking_number) : null;
  if (tracking)
    facts.push([
      SHIPPING_TEXT.trackingNumber,
      <a key="tracking" href={tracking.url} className="font-mono text-blue-900 underline" data-testid="admin-shipping-tracking">
        {tracking.text}
      </a>,
    ]);
  else if (order.shipment_id) facts.push([SHIPPING_TEXT.trackingNumber, SHIPPING_TEXT.trackingPending]);
  if (order.shipment_status) facts.push([SHIPPING_TEXT.status, SHIPMENT_STATUS_LABEL[order.shipment_status] ?? order.shipment_status]);
  if (order.delivered_at) facts.push([SHIPPING_TEXT.delivered, formatWarsawTime(order.delivered_at)]);
  return (
    <section aria-labelledby="shipping-heading" className="mt-8" data-testid="admin-shipping">
      <h2 id="shipping-heading" className="text-xl font-bold text-slate-900">
        {SHIPPING_TEXT.heading}
      </h2>
      <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[14rem_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-slate-700">{term}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {order.delivery_method === "locker" && !order.locker_address ? (
        <p className="mt-2 text-amber-900">{SHIPPING_TEXT.lockerUnchecked}</p>
      ) : null}
      {order.status === "paid" && order.shipment_id && order.tracking_number ? (
        <p className="mt-2 rounded-md bg-amber-50 p-3 text-slate-900" data-testid="admin-shipping-awaiting-pickup">
          {SHIPPING_TEXT.awaitingPickup}
        </p>
      ) : null}
      {canShip && order.status === "paid" && !order.withdrawn_at && !(order.shipment_id && order.tracking_number) ? (
        <form method="post" className="mt-4 grid max-w-xl gap-3" noValidate aria-label={SHIPPING_TEXT.ship} data-testid="ship-form">
          <p className="text-sm text-slate-600">{SHIPPING_TEXT.shipHint}</p>
          <p className="rounded-md bg-amber-50 p-3 text-slate-900" id={`${confirmId}-note`}>
            {SHIPPING_TEXT.confirmNote(IN_LANGUAGE[order.locale])}
          </p>
          <ConfirmTick id={confirmId} label={SHIPPING_TEXT.confirm} error={errors.confirm} describedBy={`${confirmId}-note`} />
          <div>
            <button type="submit" name="intent" value="ship" className="btn-primary">
              {SHIPPING_TEXT.ship}
            </button>
          </div>
        </form>
      ) : null}
      {order.shipment_id && order.tracking_number ? (
        <p className="mt-3">
          <a href={labelPath(order.id)} className="font-semibold text-blue-900 underline">
            {SHIPPING_TEXT.label}
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** On the list of orders due: the way to the day's batch, its orders listed before anything is shipped. */
export function ShipBatchLink() {
  return (
    <p className="mt-4" data-testid="ship-batch">
      <a href={SHIP_BATCH_PATH} className={ADMIN_BUTTON}>
        {SHIPPING_TEXT.batch}
      </a>
      <span className="mt-1 block text-sm text-slate-600">{SHIPPING_TEXT.batchHint}</span>
    </p>
  );
}
