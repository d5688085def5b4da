import type { AppDatabase } from "~/db/db.server";
import { zlotyDigits } from "~/i18n/money";
import type { VatRate } from "~/invoices/money";
import { toCsv } from "~/render/csv";
import { inPeriod, monthPeriod, periodBounds } from "./periods";
import { ordersBetween } from "./sales.server";
import { STATISTICS_TEXT } from "./texts";

export const REGISTER_HEADER = [
  "Data zapłaty",
  "Numer zamówienia",
  "Numer faktury",
  "Netto (zł)",
  "VAT (zł)",
  "Brutto (zł)",
  "Sposób płatności",
  "Data zwrotu",
  "Zwrot (zł)",
] as const;

/**
 * The month's sales register for the accountant, in the other CSVs' conventions (app/render/csv.ts):
 * one row per order paid or refunded in the month (Warsaw time). A sale belongs to the month it was
 * paid in and a refund to the month it was made in, so an order paid in one month and refunded in
 * the next is in both, with its sale in the first and its refund in the second, and no month counts
 * either twice.
 */
export async function salesRegisterCsv(db: AppDatabase, month: string, sellerVat: VatRate): Promise<string> {
  const period = monthPeriod(month);
  const orders = await ordersBetween(db, { ...periodBounds(period), moments: ["paid_at", "refunded_at"], sellerVat });
  const rows = orders
    .filter((order) => order.paidDay !== null)
    .sort((a, b) => a.paidDay!.localeCompare(b.paidDay!) || a.number.localeCompare(b.number));
  const money = (grosze: number | null | undefined) => (grosze == null ? null : zlotyDigits(grosze));
  return toCsv([
    REGISTER_HEADER,
    ...rows.map((order) => {
      const sale = inPeriod(order.paidDay, period) ? order.sale : null;
      const refunded = inPeriod(order.refundedDay, period);
      return [
        order.paidDay,
        order.number,
        order.invoiceNumber ?? STATISTICS_TEXT.noInvoice,
        money(sale?.netGrosze),
        money(sale?.vatGrosze),
        money(sale?.grossGrosze),
        STATISTICS_TEXT.way[order.paymentWay!],
        refunded ? order.refundedDay : null,
        refunded ? money(order.refunded_grosze ?? 0) : null,
      ];
    }),
  ]);
}
