import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import type { ServerEvent } from "~/tracking/events.server";
import { handleOrderForm } from "./accept-order-form.server";
import { acceptFields, FORM, NOW, post, previewOf } from "./accept-order-form.test-support";
import { previewOrder } from "~/order/order.server";
import { AUTOMATIC_VARIANT, STANDARD_VARIANT, type OrderVariant } from "~/order/variants";

let db: AppDatabase;
let reported: ServerEvent[];
beforeEach(async () => {
  db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "form-action-")), "orders.db") });
  reported = [];
});
afterEach(() => db.destroy());

function run(request: Request, variant: OrderVariant = STANDARD_VARIANT, now = NOW, placedOrderToken: string | null = null) {
  return handleOrderForm(request, { variant, locale: "pl", db, now, placedOrderToken, report: (_request, event) => reported.push(event) });
}

async function countOrders() {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("the order pages' action", () => {
  it("previews valid data: the contract details and a token, a Lead reported, nothing stored", async () => {
    const outcome = await run(post({ ...FORM, intent: "preview" }));
    expect(outcome.kind).toBe("show");
    const preview = previewOf(outcome);
    expect(preview.details).toMatchObject({
      tenantName: "Jan Kowalski",
      propertyAddress: "ul. Długa 5/3, 70-001 Szczecin",
      declarationType: "regular",
    });
    expect(preview.token).toMatch(/^v1\./);
    expect(preview.values.tenantName).toBe("Jan Kowalski");
    expect(reported.map((event) => event.name)).toEqual(["Lead"]);
    expect(await countOrders()).toBe(0);
  });

  it("answers invalid data with the form, every value and the field messages", async () => {
    const outcome = await run(post({ ...FORM, email: "nope", propertyPostalCode: "", intent: "preview" }));
    expect(outcome.kind).toBe("invalid");
    if (outcome.kind !== "invalid" || outcome.state.stage !== "form") throw new Error("expected the form");
    expect(outcome.state.values.email).toBe("nope");
    expect(outcome.state.values.tenantName).toBe("Jan Kowalski");
    expect(outcome.state.reply?.error).toMatchObject({
      email: ["order:validation.email"],
      propertyPostalCode: ["order:validation.required"],
    });
    expect(outcome.state.formErrorKey).toBeUndefined();
    expect(reported).toEqual([]);
  });

  it("goes back to the form with every value on edit, validating nothing", async () => {
    const outcome = await run(post({ ...FORM, tenantName: "", intent: "edit" }));
    expect(outcome).toEqual({ kind: "show", state: { stage: "form", values: { ...FORM, tenantName: "" } } });
  });

  it("accepts once: the order is written, Purchase reported, and the answer is the payment page", async () => {
    const preview = previewOf(await run(post({ ...FORM, intent: "preview" })));
    const outcome = await run(post(acceptFields(preview)));
    expect(outcome).toMatchObject({ kind: "accepted", jsOn: false, purchase: { name: "Purchase" } });
    if (outcome.kind !== "accepted") return;
    expect(outcome.paymentUrl).toMatch(/^\/platnosc\/[A-Za-z0-9_-]{32}$/);
    expect(await countOrders()).toBe(1);
    expect(reported.map((event) => event.name)).toEqual(["Lead", "Purchase"]);
  });

  it("answers a replayed accept with the same payment page, writing and reporting nothing more", async () => {
    const preview = previewOf(await run(post({ ...FORM, intent: "preview" })));
    const first = await run(post(acceptFields(preview)));
    const replays = await Promise.all([0, 1, 2].map(() => run(post({ ...acceptFields(preview), js: "1" }))));
    if (first.kind !== "accepted") throw new Error("expected an accepted order");
    for (const replay of replays)
      expect(replay).toEqual({ kind: "accepted", paymentUrl: first.paymentUrl, paymentToken: first.paymentToken, jsOn: true });
    expect(await countOrders()).toBe(1);
    expect(reported.filter((event) => event.name === "Purchase")).toHaveLength(1);
  });

  it("previews the same data again after ordering as that order (its token), so it is not offered twice", async () => {
    const preview = previewOf(await run(post({ ...FORM, intent: "preview" })));
    const accepted = await run(post(acceptFields(preview)));
    if (accepted.kind !== "accepted") throw new Error("expected an accepted order");
    const again = post({ ...FORM, intent: "preview" });
    expect(previewOf(await run(again, STANDARD_VARIANT, NOW, accepted.paymentToken)).token).toBe(preview.token);
    const other = post({ ...FORM, tenantName: "Inna Osoba", intent: "preview" });
    expect(previewOf(await run(other, STANDARD_VARIANT, NOW, accepted.paymentToken)).token).not.toBe(preview.token);
  });

  it("refuses a tampered token with a message and a fresh token, and an expired one the same way", async () => {
    const preview = previewOf(await run(post({ ...FORM, intent: "preview" })));
    const tampered = await run(post({ ...acceptFields(preview), token: `${preview.token.slice(0, -2)}xx` }));
    const stale = previewOrder(new Date(NOW.getTime() - 25 * 60 * 60 * 1000)).token;
    const expired = await run(post({ ...acceptFields(preview), token: stale }));
    for (const outcome of [tampered, expired]) {
      expect(outcome.kind).toBe("invalid");
      const state = previewOf(outcome);
      expect(state.formErrorKey).toBe("errors.token");
      expect(state.token).not.toBe(preview.token);
      expect(state.details.tenantName).toBe("Jan Kowalski");
    }
    expect(await countOrders()).toBe(0);
  });

  it("sends hidden fields that came back changed and invalid to the form, with the messages", async () => {
    const preview = previewOf(await run(post({ ...FORM, intent: "preview" })));
    const outcome = await run(post({ ...acceptFields(preview), email: "changed-and-wrong" }));
    expect(outcome.kind).toBe("invalid");
    if (outcome.kind !== "invalid" || outcome.state.stage !== "form") throw new Error("expected the form");
    expect(outcome.state.reply?.error?.email).toEqual(["order:validation.email"]);
    expect(await countOrders()).toBe(0);
  });

  it("stores the hidden fields as they came back when they are still valid (the contract shown is rebuilt from them)", async () => {
    const preview = previewOf(await run(post({ ...FORM, intent: "preview" })));
    await run(post({ ...acceptFields(preview), tenantName: "Jan Nowak" }));
    const row = await db.selectFrom("orders").select(["tenant_name", "contract_text"]).executeTakeFirstOrThrow();
    expect(row.tenant_name).toBe("Jan Nowak");
    expect(row.contract_text).toContain("Jan Nowak");
  });

  it("keeps the preview with a message when the terms are not accepted", async () => {
    const preview = previewOf(await run(post({ ...FORM, intent: "preview" })));
    const outcome = await run(post(acceptFields(preview, { immediatePerformanceConsent: "on" })));
    expect(outcome.kind).toBe("invalid");
    expect(previewOf(outcome).reply?.error).toEqual({ acceptTerms: ["order:validation.acceptTerms"] });
    expect(await countOrders()).toBe(0);
  });

  it("places the order without the withdrawal waiver, recording that it was not given, and keeps its time when it was", async () => {
    const without = previewOf(await run(post({ ...FORM, intent: "preview" })));
    expect((await run(post(acceptFields(without, { acceptTerms: "on" })))).kind).toBe("accepted");
    const withWaiver = previewOf(await run(post({ ...FORM, tenantName: "Ewa Nowak", intent: "preview" })));
    expect((await run(post(acceptFields(withWaiver)))).kind).toBe("accepted");
    const rows = await db
      .selectFrom("orders")
      .select(["tenant_name", "terms_accepted_at", "immediate_performance_consent_at"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { tenant_name: "Jan Kowalski", terms_accepted_at: NOW.toISOString(), immediate_performance_consent_at: null },
      { tenant_name: "Ewa Nowak", terms_accepted_at: NOW.toISOString(), immediate_performance_consent_at: NOW.toISOString() },
    ]);
  });

  it("stores the binding Polish text beside an English agreement", async () => {
    const request = (fields: Record<string, string>) =>
      new Request("http://site.test/en/order-declaration", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
    const english = (r: Request) => handleOrderForm(r, { variant: STANDARD_VARIANT, locale: "en", db, now: NOW, report: () => undefined });
    const preview = previewOf(await english(request({ ...FORM, intent: "preview" })));
    expect(preview.agreement.binding?.title).toMatch(/^Umowa o przygotowanie i dostarczenie oświadczenia właściciela lokalu/);
    await english(request(acceptFields(preview)));
    const row = await db.selectFrom("orders").select(["locale", "contract_text", "contract_text_binding"]).executeTakeFirstOrThrow();
    expect(row.locale).toBe("en");
    expect(row.contract_text).toContain("Tenant: Jan Kowalski");
    expect(row.contract_text_binding).toContain("Najemca: Jan Kowalski");
  });

  it("answers a bot that filled the honeypot like any visitor, writing and reporting nothing", async () => {
    const preview = previewOf(await run(post({ ...FORM, intent: "preview" })));
    reported.length = 0;
    expect(await run(post({ ...acceptFields(preview), website: "http://spam.example" }))).toEqual({ kind: "decoy" });
    expect(await run(post({ ...FORM, intent: "preview", website: "x" }))).toEqual({ kind: "decoy" });
    expect(await countOrders()).toBe(0);
    expect(reported).toEqual([]);
  });

  it("refuses a body over 64 KiB without using any of it, whatever its Content-Length says", async () => {
    const big = new URLSearchParams({ ...FORM, intent: "preview", additionalInfo: "x".repeat(70_000) }).toString();
    expect(await run(post({}, { body: big }))).toEqual({ kind: "tooLarge" });
    const streamed = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const chunked = new Request("http://site.test/zamowienie-oswiadczenia", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: streamed,
      duplex: "half",
    } as RequestInit);
    expect(await run(chunked)).toEqual({ kind: "tooLarge" });
    expect(reported).toEqual([]);
  });

  it("treats a body that is not a form (JSON, plain text) as an empty form: 400 with messages, no crash", async () => {
    for (const request of [
      post({}, { contentType: "application/json", body: JSON.stringify({ ...FORM, intent: "preview" }) }),
      post({}, { contentType: "text/plain", body: "intent=accept" }),
    ]) {
      const outcome = await run(request);
      expect(outcome.kind).toBe("invalid");
      expect(outcome.kind === "invalid" && outcome.state.stage).toBe("form");
    }
    expect(await countOrders()).toBe(0);
  });

  it("serves variant 2 from the same action with its own field names and the 90-day period", async () => {
    const omitted = new Set(["declarationType", "phone", "landlordName", "startDate"]);
    const fields = {
      ...Object.fromEntries(Object.entries(FORM).filter(([name]) => !omitted.has(name))),
      rodzaj_oswiadczenia: "notarized",
      telefon: "600 100 200",
      additionalInfo: "Proszę dzwonić po 16",
    };
    const preview = previewOf(await run(post({ ...fields, intent: "preview" }), AUTOMATIC_VARIANT));
    expect(preview.details).toMatchObject({ declarationType: "notarized", landlordName: null, startDate: null, rentalPeriodDays: 90 });
    await run(post(acceptFields(preview)), AUTOMATIC_VARIANT);
    const row = await db.selectFrom("orders").select(["variant", "rental_period_days", "additional_info"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ variant: "automatic", rental_period_days: 90, additional_info: "Proszę dzwonić po 16" });
  });
});
