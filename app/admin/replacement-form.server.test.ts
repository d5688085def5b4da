import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { currentDeclarationCode } from "~/order/declaration-code.server";
import { REPLACEMENT_TEXT } from "~/order/replacement-admin-texts";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, freshTarget } from "../../tests/support/test-databases";
import { replacementFromForm } from "./replacement-form.server";

const PLACED = new Date("2026-11-20T09:00:00Z");
const NOW = new Date("2026-12-03T10:00:00Z");

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe.each(DIALECTS)("'Wystaw oświadczenie zastępcze' on %s", (dialect) => {
  let db: AppDatabase;
  let orderId: number;
  let code: string;
  beforeEach(async () => {
    db = await openDatabase(await freshTarget(dialect));
    const { order } = await placeSampleOrder(db, PLACED);
    await db.updateTable("orders").set({ status: "dispatched", paid_at: "2026-11-21T10:00:00Z" }).where("id", "=", order.id).execute();
    orderId = order.id;
    code = await currentDeclarationCode(db, order.id, order.created_at);
  });
  afterEach(() => db.destroy());

  const filled = () => ({
    owner: "Maria Zielińska",
    address: "ul. Polna 12/4, 61-001 Poznań",
    city: "Poznań",
    declaredOn: "2026-12-03",
    replaces: code,
    confirm: "yes",
  });
  const post = (fields: Record<string, string>, priceGrosze = 0) =>
    replacementFromForm(db, orderId, formOf(fields), { priceGrosze, operator: "anna@example.com", now: NOW, onlinePayment: true });

  it("refuses bad input with a Polish message per field and keeps what was typed, changing nothing", async () => {
    const outcome = await post({ owner: "Jo", address: "ul.\u0000Polna", city: "", declaredOn: "2026-02-30", replaces: code });
    expect(outcome).toEqual({
      ok: false,
      status: 400,
      errors: {
        owner: REPLACEMENT_TEXT.errors.owner,
        address: REPLACEMENT_TEXT.errors.address,
        city: REPLACEMENT_TEXT.errors.city,
        declaredOn: REPLACEMENT_TEXT.errors.declaredOn,
        confirm: REPLACEMENT_TEXT.errors.confirm,
      },
      values: { owner: "Jo", address: "ul.\u0000Polna", city: "", declaredOn: "2026-02-30" },
    });
    // A day before the order, or more than 30 days ahead, is no day for this declaration.
    expect(await post({ ...filled(), declaredOn: "2026-11-19" })).toMatchObject({
      status: 400,
      errors: { declaredOn: expect.any(String) },
    });
    expect(await post({ ...filled(), declaredOn: "2027-01-03" })).toMatchObject({
      status: 400,
      errors: { declaredOn: expect.any(String) },
    });
    expect(await db.selectFrom("declaration_codes").select("code").where("order_id", "=", orderId).execute()).toEqual([{ code }]);
  });

  it("with PRICE_REPLACEMENT set, issues only once the operator confirms the payment, and records the price", async () => {
    expect(await post(filled(), 4900)).toMatchObject({ ok: false, status: 400, errors: { paid: REPLACEMENT_TEXT.errors.paid } });
    expect(await post({ ...filled(), paid: "yes" }, 4900)).toEqual({ ok: true, done: "issued" });
    const current = await db
      .selectFrom("declaration_codes")
      .select(["owner_name", "price_grosze", "issued_by"])
      .where("order_id", "=", orderId)
      .where("replaced_at", "is", null)
      .executeTakeFirstOrThrow();
    expect(current).toEqual({ owner_name: "Maria Zielińska", price_grosze: 4900, issued_by: "anna@example.com" });
  });

  it("answers 409 with the reason when the form replaces a declaration that is no longer current", async () => {
    expect(await post(filled())).toEqual({ ok: true, done: "issued" });
    expect(await post({ ...filled(), owner: "Piotr Nowak" })).toEqual({
      ok: false,
      status: 409,
      errors: { form: REPLACEMENT_TEXT.refused.stale },
      values: expect.objectContaining({ owner: "Piotr Nowak" }),
    });
  });
  it("with PRICE_REPLACEMENT set, asks for the online payment instead of the tick: one waits, a second is 409 with its values kept", async () => {
    const online = { ...filled(), payment: "online" };
    expect(await post(online, 0)).toMatchObject({ ok: false, status: 400, errors: { form: REPLACEMENT_TEXT.onlineUnavailable } });
    expect(await post(online, 4900)).toEqual({ ok: true, done: "requested" });
    const waiting = await db.selectFrom("replacement_charges").selectAll().where("order_id", "=", orderId).execute();
    expect(waiting.map((row) => [row.state, row.price_grosze, row.owner_name, row.requested_by])).toEqual([
      ["awaiting_payment", 4900, "Maria Zielińska", "anna@example.com"],
    ]);
    expect(await post({ ...online, owner: "Piotr Nowak" }, 4900)).toEqual({
      ok: false,
      status: 409,
      errors: { form: REPLACEMENT_TEXT.refused["already-awaiting"] },
      values: expect.objectContaining({ owner: "Piotr Nowak" }),
    });
    // Issuing at once on top of a waiting one would issue twice once the customer pays.
    expect(await post({ ...filled(), paid: "yes" }, 4900)).toMatchObject({
      status: 409,
      errors: { form: REPLACEMENT_TEXT.refused["awaiting-payment"] },
    });
    expect(await db.selectFrom("declaration_codes").select("code").where("order_id", "=", orderId).execute()).toEqual([{ code }]);
  });
});
