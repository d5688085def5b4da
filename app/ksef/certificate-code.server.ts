import { constants, sign, type KeyObject } from "node:crypto";
import { qrBaseUrl } from "./verification-url";

/**
 * KOD II of the Ministry's "Kody weryfikujące QR": on an invoice issued offline, beside KOD I, a
 * link that proves who issued it, signed with the private key of the seller's type 2 ("Offline")
 * KSeF certificate and labelled "CERTYFIKAT" on the PDF:
 *   https://qr.ksef.mf.gov.pl/certificate/Nip/{context NIP}/{seller NIP}/{certificate serial}/{SHA-256 of the file, Base64URL}/{signature, Base64URL}
 * The signature covers the link without "https://" and without a trailing slash, up to the hash:
 * RSASSA-PSS with SHA-256, MGF1 with SHA-256 and a 32-byte salt for an RSA key; ECDSA P-256 with
 * SHA-256 for an EC key, written as r || s (IEEE P1363, the form the documentation recommends).
 * Both schemes are randomised, so the link is made once per invoice and stored (docs/decisions/056).
 */
export function certificateVerificationUrl(input: {
  apiUrl: string;
  contextNip: string;
  sellerNip: string;
  /** The certificate's serial number in hexadecimal, as KSeF lists it. */
  certificateSerial: string;
  /** The file's SHA-256 in Base64, as stored with the submission. */
  invoiceHash: string;
  privateKey: KeyObject;
}): string {
  const hash = Buffer.from(input.invoiceHash, "base64").toString("base64url");
  const url = `${qrBaseUrl(input.apiUrl)}/certificate/Nip/${input.contextNip}/${input.sellerNip}/${input.certificateSerial}/${hash}`;
  const signed = Buffer.from(url.replace(/^https:\/\//, ""), "utf8");
  const signature =
    input.privateKey.asymmetricKeyType === "ec"
      ? sign("sha256", signed, { key: input.privateKey, dsaEncoding: "ieee-p1363" })
      : sign("sha256", signed, { key: input.privateKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
  return `${url}/${signature.toString("base64url")}`;
}
