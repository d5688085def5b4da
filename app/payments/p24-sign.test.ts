import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { notificationSign, refundNotificationSign, registerSign, verifySign } from "./p24-sign";

/** Each expected sign is SHA-384 over the JSON written out by hand in Przelewy24's documented field order. */
const sha384 = (json: string) => createHash("sha384").update(json, "utf8").digest("hex");

// A CRC key with a slash and a Polish letter: Przelewy24 signs them unescaped (not "\/" or "\u017c").
const crc = "a1b2/c3ż";

describe("Przelewy24 signs", () => {
  it("register: sessionId, merchantId, amount, currency, crc", () => {
    const sign = registerSign({ sessionId: "AE-2026-000001-x/y", merchantId: 100001, amount: 29900, currency: "PLN", crc });
    expect(sign).toBe(sha384('{"sessionId":"AE-2026-000001-x/y","merchantId":100001,"amount":29900,"currency":"PLN","crc":"a1b2/c3ż"}'));
    expect(sign).toMatch(/^[0-9a-f]{96}$/);
  });

  it("verify: sessionId, orderId, amount, currency, crc", () => {
    expect(verifySign({ sessionId: "AE-2026-000001-abc", orderId: 310000001, amount: 39900, currency: "PLN", crc })).toBe(
      sha384('{"sessionId":"AE-2026-000001-abc","orderId":310000001,"amount":39900,"currency":"PLN","crc":"a1b2/c3ż"}'),
    );
  });

  it("notification: merchantId, posId, sessionId, amount, originAmount, currency, orderId, methodId, statement, crc", () => {
    const sign = notificationSign({
      crc,
      statement: "p24-Zamówienie/1",
      methodId: 154,
      orderId: 310000001,
      currency: "PLN",
      originAmount: 29900,
      amount: 29900,
      sessionId: "AE-2026-000001-abc",
      posId: 100001,
      merchantId: 100001,
    });
    expect(sign).toBe(
      sha384(
        '{"merchantId":100001,"posId":100001,"sessionId":"AE-2026-000001-abc","amount":29900,"originAmount":29900,"currency":"PLN","orderId":310000001,"methodId":154,"statement":"p24-Zamówienie/1","crc":"a1b2/c3ż"}',
      ),
    );
  });

  it("refund notification: orderId, sessionId, refundsUuid, merchantId, amount, currency, status, crc", () => {
    const sign = refundNotificationSign({
      crc,
      status: 1,
      currency: "PLN",
      amount: 29900,
      merchantId: 100001,
      refundsUuid: "9f1c2b7e4d3a4c5b8e6f7a8b9c0d1e2f",
      sessionId: "AE-2026-000001-abc",
      orderId: 310000001,
    });
    expect(sign).toBe(
      sha384(
        '{"orderId":310000001,"sessionId":"AE-2026-000001-abc","refundsUuid":"9f1c2b7e4d3a4c5b8e6f7a8b9c0d1e2f","merchantId":100001,"amount":29900,"currency":"PLN","status":1,"crc":"a1b2/c3ż"}',
      ),
    );
  });

  it("changes with every signed field", () => {
    const base = { sessionId: "s", merchantId: 1, amount: 29900, currency: "PLN", crc: "c" };
    const signs = new Set([
      registerSign(base),
      registerSign({ ...base, amount: 29901 }),
      registerSign({ ...base, currency: "EUR" }),
      registerSign({ ...base, crc: "d" }),
      registerSign({ ...base, sessionId: "t" }),
    ]);
    expect(signs.size).toBe(5);
  });
});
