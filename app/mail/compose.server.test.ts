import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import type { MessageKind } from "~/db/schema";
import { acceptOrder } from "~/order/order.server";
import type { OrderDetails } from "~/order/schema";
import { enqueueMessages } from "~/outbox/outbox.server";
import { composeMessage, type ComposeContext } from "./compose.server";

const details: OrderDetails = {
  declarationType: "notarized",
  tenantName: "Олена <b>Коваленко</b>",
  tenantNameOriginal: null,
  coResidents: [],
  landlordName: "Anna Nowak",
  startDate: "2026-12-01",
  email: "olena@example.com",
  phone: "+48 600 100 200",
  propertyAddress: "ul. Długa 5/3, 70-001 Szczecin",
  mailingAddress: "ul. Krótka 1, 00-001 Warszawa",
  propertyParts: null,
  mailingParts: null,
  additionalInfo: null,
  rentalPeriodDays: null,
  immediatePerformanceRequested: false,
};
const ORDERED = new Date("2026-11-23T09:00:00Z");
const context: ComposeContext = {
  company: PLACEHOLDER_COMPANY,
  siteUrl: "https://adres.example",
  operatorEmail: "operator@adres.example",
  paymentDeadlineDays: 7,
  confirmationAttachments: async (order) => [
    { filename: `agreement-${order.number}.pdf`, content: Buffer.from("%PDF-1.7"), contentType: "application/pdf" },
  ],
  now: ORDERED,
};

let db: AppDatabase;
beforeEach(async () => {
  db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "compose-")), "app.db") });
});
afterEach(() => db.destroy());

async function composed(
  kind: MessageKind,
  locale: "pl" | "uk",
  data: Record<string, unknown> | null = null,
  changed: Partial<OrderDetails> = {},
) {
  const { order } = await acceptOrder(db, {
    details: { ...details, ...changed },
    variant: "standard",
    channel: "form",
    locale,
    idempotencyKey: `k-${kind}-${locale}`,
    dataProcessingConsentAt: ORDERED,
    now: ORDERED,
  });
  await enqueueMessages(db, order.id, [kind], ORDERED, data);
  const message = await db
    .selectFrom("outbox")
    .selectAll()
    .where("order_id", "=", order.id)
    .where("kind", "=", kind)
    .executeTakeFirstOrThrow();
  return { order, mail: await composeMessage(message, order, context) };
}

describe("composing the e-mails", () => {
  it("the confirmation speaks the order's language, carries the transfer details, the link, the dates and the attachments", async () => {
    const { order, mail } = await composed("order_confirmation", "uk");
    expect(mail.to).toBe("olena@example.com");
    expect(mail.subject).toBe(`Замовлення ${order.number}: підтвердження та договір`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(order.number);
      expect(part).toContain(PLACEHOLDER_COMPANY.bankAccount);
      expect(part).toContain(`https://adres.example/uk/payment/${order.payment_token}`);
      expect(part).toMatch(/399\s?PLN/);
      // Without the waiver the work starts after the withdrawal period: its end and the dispatch date are named.
      expect(part).toContain("понеділок, 7 грудня");
      expect(part).toContain("понеділок, 14 грудня");
      expect(part).toContain("Юридичну силу має польська версія");
    }
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([`agreement-${order.number}.pdf`]);
    expect(mail.replyTo).toBe(PLACEHOLDER_COMPANY.email);
    // The HTML part links the payment page and the agreement; long addresses may break anywhere (a 360 px phone).
    const paymentLink = `https://adres.example/uk/payment/${order.payment_token}`;
    expect(mail.html).toContain(
      `<a href="${paymentLink}" style="color:#1e3a8a;word-break:break-all;overflow-wrap:anywhere">${paymentLink}</a>`,
    );
    expect(mail.html).toContain(`<a href="https://adres.example/agreement/${order.payment_token}"`);
    expect(mail.text).toContain(`https://adres.example/agreement/${order.payment_token}`);
    expect(mail.messageId).toMatch(/^<outbox-\d+\.AE-2026-\d{6}@adres\.example>$/);
  });

  it("with online payment on, the confirmation sends the customer to the payment page for BLIK or a card; without it, it does not", async () => {
    const { order, mail } = await composed("order_confirmation", "pl");
    expect(mail.text).not.toContain("BLIK");
    const message = await db
      .selectFrom("outbox")
      .selectAll()
      .where("order_id", "=", order.id)
      .where("kind", "=", "order_confirmation")
      .executeTakeFirstOrThrow();
    const online = await composeMessage(message, order, { ...context, onlinePayment: true });
    expect(online.text).toContain(
      `Możesz też zapłacić od razu BLIKiem, szybkim przelewem lub kartą na stronie płatności: https://adres.example/platnosc/${order.payment_token}`,
    );
  });

  it("the operator's notice is Polish, with the customer's contact and language, every value escaped in HTML", async () => {
    const { order, mail } = await composed("operator_new_order", "uk");
    expect(mail.to).toBe("operator@adres.example");
    expect(mail.subject).toMatch(new RegExp(`Nowe zamówienie ${order.number}: `));
    expect(mail.text).toContain("Олена <b>Коваленко</b>");
    expect(mail.html).toContain("Олена &lt;b&gt;Коваленко&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Коваленко");
    expect(mail.text).toContain("+48 600 100 200");
    expect(mail.text).toContain("ukraiński");
    expect(mail.text).toContain(`https://adres.example/admin/orders/${order.id}`);
    expect(mail.html).toContain(`<a href="https://adres.example/admin/orders/${order.id}"`);
  });

  it("the operator's notice gives the lease start and the delivery, flags a delivery after the start, and speaks of the client, not to them", async () => {
    // Notarised, without the early start, ordered Monday 23 Nov: out by Monday 14 Dec, delivered Tuesday 15 Dec; the lease starts 1 Dec.
    const { order, mail } = await composed("operator_new_order", "uk");
    expect(mail.subject).toBe(
      `Dostawa po początku najmu: Nowe zamówienie ${order.number}: Oświadczenie z podpisem poświadczonym notarialnie, ${order.price_grosze / 100}\u00a0zł`,
    );
    expect(mail.text).toContain(
      "Uwaga: przy wpłacie zaksięgowanej dziś oświadczenie dotrze do klienta wtorek, 15 grudnia, czyli po początku najmu (1 grudnia 2026).",
    );
    expect(mail.text).toContain("Początek najmu: 1 grudnia 2026");
    expect(mail.text).toContain("Dostawa do klienta przy wpłacie zaksięgowanej dziś: wtorek, 15 grudnia");
    expect(mail.text).toContain(
      "Rozpoczęcie przed upływem 14 dni na odstąpienie: nie – zaczynamy po upływie 14 dni na odstąpienie od umowy",
    );
    expect(mail.text).not.toMatch(/Twoje|Twoim|Ciebie/);

    // With the early start and a later lease start the declaration arrives in time: no flag.
    const inTime = (await composed("operator_new_order", "pl", null, { immediatePerformanceRequested: true, startDate: "2026-12-20" }))
      .mail;
    expect(inTime.subject).toMatch(/^Nowe zamówienie /);
    expect(inTime.text).not.toContain("Uwaga");
    expect(inTime.text).toContain("Początek najmu: 20 grudnia 2026");
    expect(inTime.text).toContain("tak – klient zażądał rozpoczęcia przed upływem 14 dni na odstąpienie od umowy");
  });

  it("later messages carry their facts: the tracking number, the reason", async () => {
    const dispatched = (await composed("order_dispatched", "pl", { trackingNumber: "PL123456789", courier: "DPD" })).mail;
    expect(dispatched.text).toContain("Numer przesyłki: PL123456789");
    expect(dispatched.text).toContain("Kurier: DPD");
    const cancelled = (await composed("order_cancelled", "pl", { reason: "unpaid" })).mail;
    expect(cancelled.text).toContain("płatność nie wpłynęła w terminie");
  });

  it("a standard cancellation reason reaches the customer in their language; the operator's own words as typed", async () => {
    expect(
      (await composed("order_cancelled", "uk", { reason: "Zamówienie złożone dwa razy", reasonCode: "duplicate" })).mail.text,
    ).toContain("Причина: те саме замовлення було оформлено двічі.");
    expect((await composed("order_cancelled", "pl", { reason: "Mój powód", reasonCode: "own" })).mail.text).toContain("Powód: Mój powód");
  });

  it("the correction e-mails say what changed, keep the agreement as accepted, and a resent message gets its own id", async () => {
    const corrected = (await composed("details_corrected", "uk", { fields: ["mailingAddress"] })).mail;
    expect(corrected.subject).toMatch(/ми виправили ваші дані/);
    expect(corrected.text).toContain("Адреса доставки: ul. Krótka 1, 00-001 Warszawa");
    expect(corrected.text).toContain("Прийнятий вами договір залишається без змін");
    expect(corrected.text).not.toContain("+48 600 100 200");
    const reopened = (await composed("order_reopened", "pl", { paidAt: "2026-11-25" })).mail;
    expect(reopened.text).toContain("Przywróciliśmy je");
    expect(reopened.text).toContain("najpóźniej");
    const refund = (await composed("refund_recorded", "pl", { refundedGrosze: 25000 })).mail;
    expect(refund.text).toMatch(/Zwróciliśmy 250(,00)?\s(PLN|zł) za zamówienie/);
    const message = await db.selectFrom("outbox").selectAll().where("kind", "=", "refund_recorded").executeTakeFirstOrThrow();
    const order = await db.selectFrom("orders").selectAll().where("id", "=", message.order_id).executeTakeFirstOrThrow();
    expect((await composeMessage({ ...message, resent: 2 }, order, context)).messageId).toMatch(/^<outbox-\d+-2\./);
  });
});
