import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { INVOICES_CSV_PATH, INVOICES_PATH, invoicePdfPath, orderDetailPath } from "~/components/admin/paths";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { AdminShell, Notice } from "~/components/admin/AdminShell";
import { ksefCertificates } from "~/ksef/boot-certificates.server";
import { getDb } from "~/db/db.server";
import { certificateExpiries } from "~/ksef/certificate-expiry.server";
import { INVOICE_ADMIN_TEXT as TEXT } from "~/invoices/admin-texts";
import { ksefOfListRow, listInvoices, monthOf } from "~/invoices/admin.server";
import { KsefListCell } from "~/invoices/AdminOrderInvoices";
import { ksefSendsInvoices } from "~/invoices/ksef-link.server";
import { formatAmount } from "~/i18n/money";
import { formatNip } from "~/order/nip";
import { NO_HYDRATION } from "~/render/hydration";

/** Every invoice and correction, newest first, filtered by the month of issue, with the CSV of the same month. */
export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction = () => [
  { title: `${TEXT.listHeading} | Panel obsługi` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const month = monthOf(new URL(request.url).searchParams.get("month"));
  const ksefSends = ksefSendsInvoices();
  const invoices = (await listInvoices(getDb(), month)).map((row) => ({ ...row, ksef: ksefOfListRow(row, ksefSends) }));
  const certificates = certificateExpiries(ksefCertificates, new Date());
  return json({ operator, month, invoices, certificates }, { headers: ADMIN_HEADERS });
}

const CERTIFICATE_KINDS = { authentication: "do logowania (typ 1)", offline: "offline (typ 2, KOD II)" } as const;

export default function AdminInvoicesPage() {
  const { operator, month, invoices, certificates } = useLoaderData<typeof loader>();
  const csvHref = month ? `${INVOICES_CSV_PATH}?month=${month}` : INVOICES_CSV_PATH;
  return (
    <AdminShell operator={operator} title={TEXT.listHeading}>
      <p className="mt-2">
        <a href="/admin" className="font-semibold text-blue-900 underline">
          ← Wszystkie zamówienia
        </a>
      </p>
      <form method="get" action={INVOICES_PATH} className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="month" className="block font-semibold text-slate-900">
            {TEXT.monthFilter}
          </label>
          <input
            id="month"
            name="month"
            type="month"
            defaultValue={month ?? ""}
            className="mt-1 rounded-md border border-slate-400 px-3 py-2"
          />
        </div>
        <button type="submit" className="btn-primary">
          {TEXT.filter}
        </button>
        <a href={csvHref} className="font-semibold text-blue-900 underline" data-testid="invoices-csv">
          {TEXT.csv}
        </a>
      </form>
      {certificates.length > 0 ? (
        <ul className="mt-4 space-y-1" data-testid="ksef-certificates">
          {certificates.map((certificate) => (
            <li key={certificate.kind}>
              {`Certyfikat KSeF ${CERTIFICATE_KINDS[certificate.kind]}: ważny do ${certificate.validTo.slice(0, 10)}`}
            </li>
          ))}
        </ul>
      ) : null}
      {certificates
        .filter((certificate) => certificate.warn)
        .map((certificate) => (
          <Notice key={certificate.kind} tone="error" testId="ksef-certificate-warning">
            {certificate.daysLeft < 0
              ? `Certyfikat KSeF ${CERTIFICATE_KINDS[certificate.kind]} wygasł ${certificate.validTo.slice(0, 10)}. Złóż wniosek o nowy w Aplikacji Podatnika KSeF.`
              : `Certyfikat KSeF ${CERTIFICATE_KINDS[certificate.kind]} wygasa ${certificate.validTo.slice(0, 10)} (zostało dni: ${certificate.daysLeft}). Złóż wniosek o nowy w Aplikacji Podatnika KSeF i wskaż go w ustawieniach.`}
          </Notice>
        ))}
      {invoices.some((invoice) => invoice.ksef?.status === "manual") ? <Notice tone="error">{TEXT.ksefNote}</Notice> : null}
      {invoices.length === 0 ? (
        <p className="mt-6 text-slate-700">{TEXT.empty}</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="min-w-full text-left text-sm" data-testid="invoices-table">
            <thead>
              <tr className="border-b border-slate-300">
                {TEXT.columns.map((column) => (
                  <th key={column} scope="col" className="px-2 py-2 font-semibold text-slate-900">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} className="border-b border-slate-200">
                  <td className="px-2 py-2">
                    <a href={invoicePdfPath(invoice.id)} className="font-semibold text-blue-900 underline">
                      {invoice.number}
                    </a>
                  </td>
                  <td className="px-2 py-2">{TEXT.kind[invoice.kind]}</td>
                  <td className="px-2 py-2">{invoice.issue_date}</td>
                  <td className="px-2 py-2">
                    <a href={orderDetailPath(invoice.order_id)} className="text-blue-900 underline">
                      {invoice.order_number}
                    </a>
                  </td>
                  <td className="px-2 py-2 break-words">{invoice.buyer_name}</td>
                  <td className="px-2 py-2">{invoice.buyer_nip ? formatNip(invoice.buyer_nip) : "—"}</td>
                  <td className="px-2 py-2 text-right">{`${formatAmount(invoice.gross_grosze)} ${invoice.currency}`}</td>
                  <td className="px-2 py-2" data-testid="invoice-ksef">
                    <KsefListCell state={invoice.ksef} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminShell";
