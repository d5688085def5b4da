import { describe, expect, it } from "vitest";
import { businessInvoice } from "../../tests/support/ksef-invoices";
import { sha256Base64 } from "./crypto.server";
import { buildFa3Xml } from "./fa3";
import { invoiceVerificationUrl, ksefPdfMark } from "./verification-url";

describe("invoiceVerificationUrl", () => {
  it("builds KOD I as the Ministry's example has it: NIP, date of issue as DD-MM-RRRR, the file's SHA-256 in Base64URL", () => {
    // The specification's example: NIP 1111111111, issued 01-02-2026, hash UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE.
    const base64 = Buffer.from("UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE", "base64url").toString("base64");
    expect(
      invoiceVerificationUrl({
        apiUrl: "https://api-test.ksef.mf.gov.pl/v2",
        sellerNip: "1111111111",
        issueDate: "2026-02-01",
        invoiceHash: base64,
      }),
    ).toBe("https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE");
  });

  it("points at the environment the invoice was sent to", () => {
    const input = { sellerNip: "5265877635", issueDate: "2026-11-27", invoiceHash: "EbrK4cOSjW4hEpJaHU71YXSOZZmqP5++dK9nLgTzgV4=" };
    expect(invoiceVerificationUrl({ ...input, apiUrl: "https://api.ksef.mf.gov.pl/v2" })).toBe(
      "https://qr.ksef.mf.gov.pl/invoice/5265877635/27-11-2026/EbrK4cOSjW4hEpJaHU71YXSOZZmqP5--dK9nLgTzgV4",
    );
    expect(invoiceVerificationUrl({ ...input, apiUrl: "https://api-demo.ksef.mf.gov.pl/v2" })).toMatch(
      /^https:\/\/qr-demo\.ksef\.mf\.gov\.pl\/invoice\//,
    );
  });
});

describe("ksefPdfMark", () => {
  const submission = {
    xml: buildFa3Xml(businessInvoice),
    invoice_hash: sha256Base64(buildFa3Xml(businessInvoice)),
    status: "sent",
    ksef_number: null as string | null,
  };
  const apiUrl = "https://api.ksef.mf.gov.pl/v2";

  it("links the seller's NIP, the date of issue and the file's hash, with OFFLINE under the code until KSeF numbers the invoice", () => {
    const hash = Buffer.from(submission.invoice_hash, "base64").toString("base64url");
    expect(ksefPdfMark(submission, apiUrl)).toEqual({
      verificationUrl: `https://qr.ksef.mf.gov.pl/invoice/5265877635/27-11-2026/${hash}`,
      label: "OFFLINE",
    });
    expect(ksefPdfMark({ ...submission, status: "accepted", ksef_number: "5265877635-20261127-0100001AF629-AF" }, apiUrl)?.label).toBe(
      "5265877635-20261127-0100001AF629-AF",
    );
  });

  it("shows nothing for an invoice that is not in KSeF", () => {
    expect(ksefPdfMark({ ...submission, status: "manual" }, apiUrl)).toBeNull();
    expect(ksefPdfMark({ ...submission, status: "rejected" }, apiUrl)).toBeNull();
  });
});
