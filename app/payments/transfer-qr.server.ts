import QRCode from "qrcode";

/**
 * The Polish bank-transfer QR code ("Rekomendacja ZBP" for 2D codes on invoices), which
 * banking apps scan to fill in a domestic transfer. Fields are separated by "|":
 * recipient NIP | country | account (26 digits) | amount in grosze (6 digits) |
 * recipient name (≤ 20) | title (≤ 32) | three reserved fields, left empty.
 */
export type TransferQrInput = { taxId: string; bankAccount: string; amountGrosze: number; recipientName: string; title: string };

const NAME_MAX = 20;
const TITLE_MAX = 32;

/** A field may not contain the separator, and is cut to its limit. */
function field(value: string, max: number): string {
  return value.replace(/\|/g, " ").replace(/\s+/g, " ").trim().slice(0, max).trim();
}

export function transferQrPayload({ taxId, bankAccount, amountGrosze, recipientName, title }: TransferQrInput): string {
  const nip = taxId.replace(/\D/g, "");
  const account = bankAccount.replace(/^PL/i, "").replace(/\D/g, "");
  if (nip.length !== 10) throw new Error("the recipient's NIP must have 10 digits");
  if (account.length !== 26) throw new Error("the account number must have 26 digits");
  if (!Number.isInteger(amountGrosze) || amountGrosze <= 0 || amountGrosze > 999_999)
    throw new Error("the amount must be 1 to 999 999 grosze");
  return [
    nip,
    "PL",
    account,
    String(amountGrosze).padStart(6, "0"),
    field(recipientName, NAME_MAX),
    field(title, TITLE_MAX),
    "",
    "",
    "",
  ].join("|");
}

/** The code as an SVG document, drawn on the server so the page needs no JavaScript for it. */
export function transferQrSvg(input: TransferQrInput): Promise<string> {
  return QRCode.toString(transferQrPayload(input), { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}
