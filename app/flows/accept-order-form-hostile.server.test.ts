import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { handleOrderForm } from "./accept-order-form.server";
import { acceptFields, FORM, NOW, post, previewOf } from "./accept-order-form.test-support";
import { findPayableOrder } from "~/payments/payment-page.server";
import { findCustomerPageView } from "~/customer-page/page-view.server";
import { findPlacedOrder, previewTokenOfSameOrder } from "~/order/placed-order.server";
import { STANDARD_VARIANT } from "~/order/variants";

describe.each(DIALECTS)("control characters and odd form shapes on %s", (dialect) => {
  let own: AppDatabase;
  beforeEach(async () => {
    own = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => own.destroy());
  const runOn = (request: Request) =>
    handleOrderForm(request, { variant: STANDARD_VARIANT, locale: "pl", db: own, now: NOW, report: () => undefined });
  const ordersIn = async () =>
    Number(
      (
        await own
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("answers an accept whose hidden fields came back with a NUL or a bidi override with the form, the message and every value", async () => {
    const preview = previewOf(await runOn(post({ ...FORM, intent: "preview" })));
    for (const [field, value] of [
      ["tenantName", "Jan\u0000Kowalski"],
      ["mailingCity", "Warszawa\r\nBcc: evil@example.com"],
      ["landlordName", "\u202eakwoN annA"],
    ] as const) {
      const outcome = await runOn(post({ ...acceptFields(preview), [field]: value }));
      expect(outcome.kind, field).toBe("invalid");
      if (outcome.kind !== "invalid" || outcome.state.stage !== "form") throw new Error("expected the form");
      expect(outcome.state.values[field]).toBe(value);
      expect(outcome.state.values.email).toBe(FORM.email);
      expect(outcome.state.reply?.error).toEqual({ [field]: ["order:validation.controlCharacters"] });
    }
    expect(await ordersIn()).toBe(0);
  });

  it("answers an invoice buyer or a name with U+FFFE or U+FFFF, which XML 1.0 forbids, with the field's message and every value", async () => {
    const invoice = {
      invoiceRequested: "on",
      invoiceBuyerName: "Firma\uFFFF sp. z o.o.",
      invoiceBuyerAddress: "ul. Polna 2, 70-100 Szczecin",
    };
    const outcome = await runOn(post({ ...FORM, ...invoice, tenantName: "Jan\uFFFEKowalski", intent: "preview" }));
    if (outcome.kind !== "invalid" || outcome.state.stage !== "form") throw new Error("expected the form");
    expect(outcome.state.reply?.error).toEqual({
      tenantName: ["order:validation.controlCharacters"],
      invoiceBuyerName: ["order:validation.controlCharacters"],
    });
    expect(outcome.state.values).toMatchObject({ ...invoice, tenantName: "Jan\uFFFEKowalski", email: FORM.email });
    expect(await ordersIn()).toBe(0);
  });

  it("answers field names nested thousands deep, or too many fields, with the empty form and a message, never a stack overflow", async () => {
    for (const name of [`${"a.".repeat(5000)}a`, `a${"[0]".repeat(5000)}`]) {
      const outcome = await runOn(post({}, { body: `${new URLSearchParams({ ...FORM, intent: "preview" })}&${name}=1` }));
      expect(outcome).toMatchObject({ kind: "invalid", state: { stage: "form", values: {}, formErrorKey: "errors.formShape" } });
    }
    const many = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`extra${i}`, "x"]));
    expect(await runOn(post({ ...FORM, ...many, intent: "preview" }))).toMatchObject({
      kind: "invalid",
      state: { formErrorKey: "errors.formShape" },
    });
  });

  it("finds no order by a token with a NUL, a control character or the wrong length, and never asks the database", async () => {
    const preview = previewOf(await runOn(post({ ...FORM, intent: "preview" })));
    const placed = await runOn(post(acceptFields(preview)));
    if (placed.kind !== "accepted") throw new Error("expected an order");
    expect(await findPayableOrder(own, placed.paymentToken)).toBeDefined();
    for (const token of [
      "\u0000",
      `${placed.paymentToken.slice(0, 31)}\u0000`,
      `${placed.paymentToken}\n`,
      placed.paymentToken.slice(1),
      "%00",
    ]) {
      expect(await findPayableOrder(own, token), JSON.stringify(token)).toBeUndefined();
      expect(await findCustomerPageView(own, token, "pl")).toBeNull();
      expect(await findPlacedOrder(own, token)).toBeNull();
      expect(await previewTokenOfSameOrder(own, token, preview.details, "pl")).toBeNull();
    }
  });
});
