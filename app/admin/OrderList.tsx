import { formatWarsawTime } from "~/i18n/back-office-format";
import { deliveryLine } from "~/shipping/delivery-label";
import type { OrderListRow } from "./order-list.server";
import { orderDetailPath } from "~/components/admin/paths";
import { ADDRESS_LATER_TEXT, DECLARATION_LABEL, LOCALE_LABEL, STATUS_LABEL } from "~/order/admin-texts";
import { awaitsAddress } from "~/order/address-later";
import { LIST_TEXT } from "./texts";
import { telHref } from "~/config/company";
import { formatPrice } from "~/i18n/money";
import { AdminTable } from "~/components/admin/AdminTable";
import { DueDate, LeaseStart } from "~/components/admin/DueDate";
import { ShipmentTroubleFlag } from "~/shipping/ShipmentTroubleFlag";

const CELL = "px-3 py-2 text-left align-top";
const LINK = "text-blue-900 underline underline-offset-2";

/**
 * An e-mail and a phone as links: tap to write or call (an anonymised order's "—" is no link). Each at
 * least 24 px high, one above the other: the table's small text alone made them 20 px (WCAG 2.5.8).
 */
export function ContactLinks({ email, phone }: { email: string; phone: string }) {
  const link = (href: string, text: string) =>
    text === "—" ? (
      <span className="block">{text}</span>
    ) : (
      <a href={href} className={`block py-0.5 break-words ${LINK}`}>
        {text}
      </a>
    );
  return (
    <>
      {link(`mailto:${email}`, email)}
      {link(telHref(phone), phone)}
    </>
  );
}

/** The status in the panel's words, and "Odstąpiono" under it when the customer withdrew. */
function StatusCell({ row, testId }: { row: OrderListRow; testId: string }) {
  return (
    <>
      <span data-testid={testId}>{STATUS_LABEL[row.status]}</span>
      {row.withdrawn_at ? (
        <span className="block font-semibold text-red-800" data-testid="order-withdrawn">
          {LIST_TEXT.withdrawn}
        </span>
      ) : null}
      {awaitsAddress(row) && !row.withdrawn_at && row.status !== "cancelled" ? (
        <span className="block font-semibold text-amber-800" data-testid="order-address-pending">
          {ADDRESS_LATER_TEXT.pending}
        </span>
      ) : null}
    </>
  );
}

function Deadlines({ row }: { row: OrderListRow }) {
  return (
    <>
      <DueDate kind="payment" day={row.paymentDue} overdue={row.paymentOverdue} />
      <DueDate kind="dispatch" day={row.dispatchDue} overdue={row.dispatchOverdue} />
      <LeaseStart deadlines={row} paid={row.status === "paid"} />
      <ShipmentTroubleFlag trouble={row.shipmentTrouble} />
    </>
  );
}

/** From 640 px: one table row per order. */
export function OrderTable({ rows, caption }: { rows: OrderListRow[]; caption: string }) {
  return (
    <AdminTable label={LIST_TEXT.region} columns={LIST_TEXT.columns} caption={caption} className="mt-4 hidden sm:block">
      {rows.map((row) => (
        <tr key={row.id} data-testid="order-row">
          <td className={CELL}>
            <a href={orderDetailPath(row.id)} className="whitespace-nowrap font-mono font-semibold text-blue-900 underline">
              {row.number}
            </a>
          </td>
          <td className={CELL}>
            <StatusCell row={row} testId="order-row-status" />
          </td>
          <td className={`${CELL} whitespace-nowrap`} data-testid="order-row-due">
            <Deadlines row={row} />
          </td>
          <td className={CELL} data-testid="order-row-delivery">
            {deliveryLine(row)}
            {row.tracking_number ? <span className="block font-mono text-slate-600">{row.tracking_number}</span> : null}
          </td>
          <td className={CELL}>
            {row.tenant_name}
            <span className="text-slate-600">
              <ContactLinks email={row.email} phone={row.phone} />
            </span>
          </td>
          <td className={`${CELL} whitespace-nowrap`}>{formatWarsawTime(row.created_at)}</td>
          <td className={CELL}>{DECLARATION_LABEL[row.declaration_type]}</td>
          <td className={`${CELL} whitespace-nowrap`}>{formatPrice(row.price_grosze, "pl")}</td>
          <td className={CELL}>{LOCALE_LABEL[row.locale]}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

/**
 * Below 640 px: a card per order, so nothing scrolls sideways on a phone and the name comes first.
 * The table above is hidden there (display: none), so each order is read out once.
 */
export function OrderCards({ rows, caption }: { rows: OrderListRow[]; caption: string }) {
  return (
    <ul aria-label={caption} className="mt-4 grid gap-3 sm:hidden">
      {rows.map((row) => (
        <li key={row.id} className="rounded-lg border border-slate-300 p-4" data-testid="order-card">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="text-lg font-bold text-slate-900">{row.tenant_name}</span>
            <span className="text-right font-semibold text-slate-700">
              <StatusCell row={row} testId="order-card-status" />
            </span>
          </p>
          <p>
            <a href={orderDetailPath(row.id)} className="font-mono font-semibold text-blue-900 underline">
              {row.number}
            </a>
          </p>
          <div className="mt-2 text-base">
            <ContactLinks email={row.email} phone={row.phone} />
          </div>
          <div className="mt-2" data-testid="order-card-due">
            <Deadlines row={row} />
          </div>
          <p className="mt-2" data-testid="order-card-delivery">
            {deliveryLine(row)}
            {row.tracking_number ? <span className="block break-all font-mono text-sm text-slate-600">{row.tracking_number}</span> : null}
          </p>
          <p className="mt-2 text-sm text-slate-700">
            {formatWarsawTime(row.created_at)} · {DECLARATION_LABEL[row.declaration_type]} · {formatPrice(row.price_grosze, "pl")} ·{" "}
            {LOCALE_LABEL[row.locale]}
          </p>
        </li>
      ))}
    </ul>
  );
}
