import { describe, expect, it } from "vitest";
import { describeEvent } from "./history";

const event = (from: string, to: string, details: Record<string, string>, operator = "ola@adres.test") => ({
  at: "2026-11-26T23:13:27.482Z",
  operator,
  from,
  to,
  details,
});

/** The history as the operator reads it: Warsaw time, złoty and the panel's Polish words, never the stored codes. */
describe("the order's history", () => {
  it("writes an undo as its own line: the move back, which move it took back and when that was made, and what became of its e-mail", () => {
    const line = describeEvent(
      event("paid", "awaiting_payment", {
        action: "undo",
        undone: "mark_paid",
        movedAt: "2026-11-26T23:05:00.000Z",
        customerMail: "withdrawn",
      }),
    );
    expect(line).toBe(
      "cofnięto zmianę statusu: Opłacone → Oczekuje na płatność, ola@adres.test (cofnięta zmiana: „opłacone”; zrobiona: 27.11.2026, 00:05; e-mail do klienta: wycofany, zanim wyszedł)",
    );
    expect(describeEvent(event("dispatched", "paid", { action: "undo", undone: "mark_dispatched", customerMail: "correction" }))).toBe(
      "cofnięto zmianę statusu: Wysłane → Opłacone, ola@adres.test (cofnięta zmiana: „wysłane”; e-mail do klienta: już wyszedł, wysłano sprostowanie)",
    );
  });

  it("writes an online payment's instant in Warsaw time and its gateway and method in words", () => {
    const line = describeEvent(
      event(
        "awaiting_payment",
        "paid",
        { paidAt: "2026-11-26T23:13:27.482Z", paidOnline: "przelewy24", paymentMethod: "blik", gatewayOrderId: "318274" },
        "system",
      ),
    );
    expect(line).toBe(
      "Oczekuje na płatność → Opłacone, automatycznie (data wpłaty: 27.11.2026, 00:13; zapłacono online przez: Przelewy24; sposób: BLIK; nr transakcji: 318274)",
    );
  });

  it("writes amounts in złoty, a standard reason in its words without its code, and an own reason as the operator's", () => {
    const refunded = describeEvent(
      event("paid", "cancelled", { reason: "Na prośbę klienta", reasonCode: "customer_request", refundedGrosze: "39900" }),
    );
    expect(refunded.replace(/\s/g, " ")).toBe("Opłacone → Anulowane, ola@adres.test (powód: Na prośbę klienta; zwrot: 399 zł)");
    expect(refunded).not.toContain("customer_request");
    expect(describeEvent(event("awaiting_payment", "cancelled", { reason: "Klient pisał", reasonCode: "own" }))).toBe(
      "Oczekuje na płatność → Anulowane, ola@adres.test (powód: Klient pisał (własnymi słowami operatora))",
    );
    expect(describeEvent(event("awaiting_payment", "cancelled", { reason: "unpaid" }, "system"))).toBe(
      "Oczekuje na płatność → Anulowane, automatycznie (powód: brak wpłaty w terminie (automatycznie))",
    );
    const received = describeEvent(event("awaiting_payment", "paid", { paidAt: "2026-11-24", receivedGrosze: "25000" }));
    expect(received.replace(/\s/g, " ")).toBe(
      "Oczekuje na płatność → Opłacone, ola@adres.test (data wpłaty: 24.11.2026; otrzymano: 250 zł)",
    );
  });

  it("names a correction's fields, a resent message and an anonymised correction's fields in words", () => {
    expect(
      describeEvent(
        event("paid", "paid", {
          action: "customer_data",
          reason: "Literówka",
          before: JSON.stringify({ tenantName: "Jan Kowalsky", landlordName: null }),
          after: JSON.stringify({ tenantName: "Jan Kowalski", landlordName: "Anna Nowak" }),
        }),
      ),
    ).toBe("poprawiono dane klienta, ola@adres.test (najemca: Jan Kowalsky → Jan Kowalski; wynajmujący: — → Anna Nowak; powód: Literówka)");
    expect(describeEvent(event("paid", "paid", { action: "resend", kind: "order_paid" }))).toBe(
      "wysłano ponownie e-mail, ola@adres.test (wiadomość: Potwierdzenie płatności)",
    );
    expect(describeEvent(event("paid", "paid", { action: "customer_data", fields: '["tenantName","phone"]', reason: "—" }))).toBe(
      "poprawiono dane klienta, ola@adres.test (zmienione pola: najemca, telefon; powód: —)",
    );
  });
});
