import { describe, expect, it } from "vitest";
import { transferQrPayload, transferQrSvg } from "./transfer-qr.server";

const ORDER = {
  taxId: "000-000-00-00",
  bankAccount: "PL61 1090 1014 0000 0712 1981 2874",
  amountGrosze: 29_900,
  recipientName: "Przykładowa Firma sp. z o.o.",
  title: "Zamówienie AE-2026-000042",
};

describe("the bank-transfer QR code", () => {
  it("follows the ZBP format: NIP, PL, 26-digit account, 6-digit grosze, name ≤ 20, title ≤ 32, three empty fields", () => {
    expect(transferQrPayload(ORDER)).toBe(
      "0000000000|PL|61109010140000071219812874|029900|Przykładowa Firma sp|Zamówienie AE-2026-000042|||",
    );
  });

  it("cuts long texts and removes the separator from them", () => {
    const payload = transferQrPayload({ ...ORDER, recipientName: "A|B", title: "Zamówienie AE-2026-000042 | bardzo długi dopisek" });
    const fields = payload.split("|");
    expect(fields).toHaveLength(9);
    expect(fields[4]).toBe("A B");
    expect(fields[5]!.length).toBeLessThanOrEqual(32);
  });

  it("refuses what a bank app could not use", () => {
    expect(() => transferQrPayload({ ...ORDER, taxId: "123" })).toThrow(/NIP/);
    expect(() => transferQrPayload({ ...ORDER, bankAccount: "PL00 0000" })).toThrow(/26 digits/);
    expect(() => transferQrPayload({ ...ORDER, amountGrosze: 0 })).toThrow(/amount/);
  });

  it("is drawn as an SVG on the server", async () => {
    const svg = await transferQrSvg(ORDER);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain("<path");
  });
});
