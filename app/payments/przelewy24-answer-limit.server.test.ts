import { describe, expect, it } from "vitest";
import { bigAnswer } from "../../tests/support/big-answer";
import { JSON_ANSWER_MAX_BYTES } from "~/security/outside-answer.server";
import { GatewayUnavailableError } from "./gateway";
import { createPrzelewy24Client } from "./przelewy24.server";

describe("Przelewy24's answers are read within a size limit", () => {
  it("an answer of 8 MiB is cut at the limit: the payment cannot start now, and the rest is never read", async () => {
    const answer = bigAnswer(8 * 1024 * 1024);
    const gateway = createPrzelewy24Client(
      { merchantId: 1, posId: 1, apiKey: "k", crc: "c", apiUrl: "https://sandbox.przelewy24.invalid" },
      { fetch: async () => answer.response() },
    );
    await expect(
      gateway.register({
        sessionId: "s-1",
        amountGrosze: 29900,
        currency: "PLN",
        description: "AE-2026-000001",
        email: "klient@example.com",
        language: "pl",
        urlReturn: "https://adres.example/platnosc/x",
        urlStatus: "https://adres.example/payments/p24/notification",
      }),
    ).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(answer.pulled()).toBeLessThanOrEqual(JSON_ANSWER_MAX_BYTES + 64 * 1024);
  });
});
