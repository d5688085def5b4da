import type { OrderDeadlines } from "~/order/lifecycle/deadlines.server";
import { deliveryLabel } from "~/shipping/delivery-label";
import { declarationPath } from "~/components/admin/paths";
import { DECLARATION_TEXT } from "./texts";
import { DUE_TEXT } from "~/order/lifecycle/admin-texts";
import { LABEL_TEXT } from "~/shipping/admin-texts";
import { ADDRESS_LATER_TEXT, STATUS_LABEL } from "~/order/admin-texts";
import { awaitsAddress } from "~/order/address-later";
import type { OrderRow } from "~/db/schema";
import { ADMIN_BUTTON } from "~/components/admin/AdminShell";
import { DueDate, LeaseStart } from "~/components/admin/DueDate";
import { lookupCountText } from "~/verification/admin-texts";
import type { LookupCount } from "~/verification/verification";

/** The top of an order's page: what is due and when, the declaration to print, and the label to copy. */
export function OrderOverview({ order, deadlines, lookups }: { order: OrderRow; deadlines: OrderDeadlines; lookups: LookupCount }) {
  const printable = (order.status === "paid" || order.status === "dispatched") && !order.anonymised_at && !awaitsAddress(order);
  return (
    <section aria-labelledby="status-heading" className="mt-6 grid gap-6 lg:grid-cols-2">
      <div>
        <h2 id="status-heading" className="text-xl font-bold text-slate-900">
          Status: <span data-testid="admin-order-status">{STATUS_LABEL[order.status]}</span>
          {awaitsAddress(order) && order.status !== "cancelled" ? (
            <span className="ml-2 text-amber-800" data-testid="admin-address-pending">
              ({ADDRESS_LATER_TEXT.pending})
            </span>
          ) : null}
        </h2>
        <div className="mt-2 text-lg" data-testid="admin-deadlines">
          <DueDate kind="dispatch" day={deadlines.dispatchDue} overdue={deadlines.dispatchOverdue} />
          <DueDate kind="payment" day={deadlines.paymentDue} overdue={deadlines.paymentOverdue} />
          <LeaseStart deadlines={deadlines} paid={order.status === "paid"} />
          {!deadlines.dispatchDue && !deadlines.paymentDue ? <span className="block text-slate-700">{DUE_TEXT.none}</span> : null}
        </div>
        <p className="mt-4">
          {printable ? (
            <a href={declarationPath(order.id)} className={ADMIN_BUTTON} data-testid="declaration-pdf" download>
              {DECLARATION_TEXT.link}
            </a>
          ) : (
            <span className="text-slate-700" data-testid="declaration-unavailable">
              {order.anonymised_at
                ? DECLARATION_TEXT.anonymised
                : awaitsAddress(order) && order.status === "paid"
                  ? ADDRESS_LATER_TEXT.notYet
                  : order.status === "cancelled"
                    ? DECLARATION_TEXT.cancelled
                    : DECLARATION_TEXT.unavailable}
            </span>
          )}
        </p>
        {printable && order.declaration_type === "notarized" ? (
          <p className="mt-2 text-slate-700">{DECLARATION_TEXT.notarizedNote}</p>
        ) : null}
        {printable || lookups.count > 0 ? (
          <p className="mt-2 text-slate-700" data-testid="declaration-lookups">
            {lookupCountText(lookups)}
          </p>
        ) : null}
      </div>
      <div>
        <h2 id="label-heading" className="text-xl font-bold text-slate-900">
          {order.delivery_method === "locker" ? LABEL_TEXT.lockerHeading : LABEL_TEXT.heading}
        </h2>
        {/* A block the operator selects and pastes onto the courier's label, one line per line. */}
        <pre
          tabIndex={0}
          role="region"
          aria-labelledby="label-heading"
          className="mt-2 select-all whitespace-pre-wrap break-words rounded-lg border-2 border-dashed border-slate-400 bg-white p-4 font-sans text-lg text-slate-900"
          data-testid="delivery-label"
        >
          {deliveryLabel(order)}
        </pre>
      </div>
    </section>
  );
}
