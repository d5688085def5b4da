/**
 * The verification link of an invoice sent to KSeF online (KOD I of the Ministry's "Kody
 * weryfikujące QR"): the QR code on the invoice's PDF encodes it, and under the code stands the
 * invoice's KSeF number. The link holds the seller's NIP, the date of issue (P_1) as DD-MM-RRRR and
 * the SHA-256 of the invoice file, in Base64URL:
 *   https://qr.ksef.mf.gov.pl/invoice/{NIP}/{DD-MM-RRRR}/{SHA-256 in Base64URL}
 */

/** The QR host of each KSeF environment, by its API's host. */
const QR_HOSTS: Record<string, string> = {
  "api.ksef.mf.gov.pl": "https://qr.ksef.mf.gov.pl",
  "api-demo.ksef.mf.gov.pl": "https://qr-demo.ksef.mf.gov.pl",
  "api-test.ksef.mf.gov.pl": "https://qr-test.ksef.mf.gov.pl",
};

/** The QR address for the environment of KSEF_API_URL; the test environment's for any other (a stand-in's). */
export function qrBaseUrl(apiUrl: string): string {
  let host = "";
  try {
    host = new URL(apiUrl).hostname;
  } catch {
    host = "";
  }
  return QR_HOSTS[host] ?? "https://qr-test.ksef.mf.gov.pl";
}

/**
 * KOD I's link. `invoiceHash` is the file's SHA-256 in Base64, as stored with the submission
 * (ksef_submissions.invoice_hash); `issueDate` is P_1, YYYY-MM-DD.
 */
export function invoiceVerificationUrl(input: { apiUrl: string; sellerNip: string; issueDate: string; invoiceHash: string }): string {
  const [year, month, day] = input.issueDate.split("-");
  const hash = Buffer.from(input.invoiceHash, "base64").toString("base64url");
  return `${qrBaseUrl(input.apiUrl)}/invoice/${input.sellerNip}/${day}-${month}-${year}/${hash}`;
}

/**
 * What an invoice's PDF shows for KSeF, from its stored submission: the QR code's link and the
 * text under the code, which is the KSeF number once KSeF gave one and "OFFLINE" until then (as the
 * specification asks of an online invoice still awaiting its number). Null for an invoice that is
 * not in KSeF: kept for sending by hand, or rejected.
 */
export function ksefPdfMark(
  submission: { xml: string; invoice_hash: string; status: string; ksef_number: string | null },
  apiUrl: string,
): { verificationUrl: string; label: string } | null {
  if (submission.status === "manual" || submission.status === "rejected") return null;
  // The seller (Podmiot1) comes before the buyer in FA(3), so the first NIP is the seller's.
  const sellerNip = /<NIP>(\d{10})<\/NIP>/.exec(submission.xml)?.[1];
  const issueDate = /<P_1>(\d{4}-\d{2}-\d{2})<\/P_1>/.exec(submission.xml)?.[1];
  if (!sellerNip || !issueDate) return null;
  return {
    verificationUrl: invoiceVerificationUrl({ apiUrl, sellerNip, issueDate, invoiceHash: submission.invoice_hash }),
    label: submission.ksef_number ?? "OFFLINE",
  };
}
