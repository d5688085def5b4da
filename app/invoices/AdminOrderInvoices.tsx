import { invoicePdfPath, invoiceXmlPath, orderInvoicePath } from "~/components/admin/paths";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { Facts } from "~/components/admin/Facts";
import { Notice } from "~/components/admin/AdminShell";
import { PlainField } from "~/components/forms";
import type { InvoiceRequestRow, InvoiceRow } from "~/db/schema";
import { INVOICE_ADMIN_TEXT as TEXT } from "./admin-texts";
import type { InvoiceKsefStates, KsefState } from "./ksef-state";
import { formatAmount } from "~/i18n/money";
import { formatNip } from "~/order/nip";

export type InvoiceFormRefusal = { errors: Record<string, string>; values: Record<string, string> };

/** Whether the back office asks for an invoice to be sent to KSeF by hand: a NIP buyer's, when the site does not send it. */
export function sentToKsefByHand(invoice: Pick<InvoiceRow, "buyer_nip">, ksefSends: boolean): boolean {
  return invoice.buyer_nip !== null && !ksefSends;
}

const KSEF_TONE: Record<KsefState["tone"], string> = { done: "text-green-800", waiting: "text-slate-700", action: "text-red-800" };

/** An invoice's KSeF state in the month's list: the order page's words in its tone (the KSeF number once accepted), a dash outside KSeF. */
export function KsefListCell({ state }: { state: Pick<KsefState, "label" | "tone"> | null }) {
  return state ? <strong className={KSEF_TONE[state.tone]}>{state.label}</strong> : <>—</>;
}

/** Whether the operator must send this invoice to KSeF by hand: its file says so, or (an invoice without one) the settings do. */
function byHand(invoice: Pick<InvoiceRow, "number" | "buyer_nip">, ksef: InvoiceKsefStates, ksefSends: boolean): boolean {
  const state = ksef[invoice.number];
  return state ? state.status === "manual" : sentToKsefByHand(invoice, ksefSends);
}

/**
 * The order page's invoice section: the request, the invoices issued (each never changed; a
 * correction follows a refund), and the form that issues one by hand for a paid order.
 */
export function AdminOrderInvoices({
  orderId,
  paid,
  request,
  invoices,
  ksefSends,
  ksef,
  refusal = null,
}: {
  orderId: number;
  paid: boolean;
  request: InvoiceRequestRow | null;
  invoices: InvoiceRow[];
  ksefSends: boolean;
  ksef: InvoiceKsefStates;
  refusal?: InvoiceFormRefusal | null;
}) {
  const issued = invoices.some((invoice) => invoice.kind === "invoice");
  const values = refusal?.values ?? {};
  return (
    <section aria-labelledby="invoice-heading" className="mt-8" data-testid="admin-invoices">
      <h2 id="invoice-heading" className="text-xl font-bold text-slate-900">
        {TEXT.heading}
      </h2>
      {request ? (
        <Facts
          rows={[
            { label: TEXT.request, value: `${formatWarsawTime(request.requested_at)}, ${TEXT.requestedVia[request.requested_via]}` },
            { label: TEXT.buyerName, value: request.buyer_name },
            { label: TEXT.buyerAddress, value: request.buyer_address },
            ...(request.buyer_nip ? [{ label: "NIP", value: formatNip(request.buyer_nip) }] : []),
          ]}
        />
      ) : (
        <p className="mt-2 text-slate-700">{TEXT.noRequest}</p>
      )}
      {invoices.length > 0 ? (
        <ul className="mt-4 space-y-2">
          {invoices.map((invoice) => (
            <li key={invoice.id} data-testid="admin-invoice">
              <a href={invoicePdfPath(invoice.id)} className="font-semibold text-blue-900 underline">
                {TEXT.kind[invoice.kind]} {invoice.number} ({TEXT.pdf})
              </a>
              {`, ${invoice.issue_date}, ${formatAmount(invoice.gross_grosze)} ${invoice.currency}`}
              <KsefLine invoiceId={invoice.id} state={ksef[invoice.number]} byHand={sentToKsefByHand(invoice, ksefSends)} />
            </li>
          ))}
        </ul>
      ) : null}
      {invoices.some((invoice) => byHand(invoice, ksef, ksefSends)) ? <Notice tone="error">{TEXT.ksefNote}</Notice> : null}
      {issued ? <p className="mt-3 text-slate-700">{TEXT.resendHint}</p> : null}
      {!issued && paid ? (
        <form method="post" action={orderInvoicePath(orderId)} className="mt-4 max-w-xl space-y-4" noValidate>
          {refusal?.errors.form ? <Notice tone="error">{refusal.errors.form}</Notice> : null}
          {request ? null : (
            <>
              <PlainField
                id="invoice-buyerName"
                name="buyerName"
                label={TEXT.buyerName}
                error={refusal?.errors.buyerName}
                defaultValue={values.buyerName}
              />
              <PlainField
                id="invoice-buyerAddress"
                name="buyerAddress"
                label={TEXT.buyerAddress}
                error={refusal?.errors.buyerAddress}
                defaultValue={values.buyerAddress}
              />
              <PlainField id="invoice-nip" name="nip" label={TEXT.nip} error={refusal?.errors.nip} defaultValue={values.nip} />
            </>
          )}
          <p className="text-sm text-slate-600">{TEXT.issueHint}</p>
          <button type="submit" className="btn-primary">
            {TEXT.issue}
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** An invoice's way to KSeF: its state, KSeF's or our reason, and its FA(3) file; an invoice issued before KSeF files were kept shows only the by-hand mark. */
function KsefLine({
  invoiceId,
  state,
  byHand,
}: {
  invoiceId: number;
  state: (KsefState & { file: boolean }) | undefined;
  byHand: boolean;
}) {
  if (!state) return byHand ? <strong className="ml-2 text-red-800">{TEXT.ksefByHand}</strong> : null;
  return (
    <div className="mt-1 text-sm" data-testid="admin-invoice-ksef">
      <strong className={KSEF_TONE[state.tone]}>KSeF: {state.label}</strong>
      {state.detail ? <p className="break-words text-slate-700">{state.detail}</p> : null}
      {state.file ? (
        <p>
          <a href={invoiceXmlPath(invoiceId)} className="font-semibold text-blue-900 underline">
            {TEXT.ksefXml}
          </a>
        </p>
      ) : null}
    </div>
  );
}
