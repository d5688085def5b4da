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
