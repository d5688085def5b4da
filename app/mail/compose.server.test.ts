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

async function composed(kind: MessageKind, locale: "pl" | "uk", data: Record<string, unknown> | null = null) {
  const { order } = await acceptOrder(db, {
    details,
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
    // One button to the payment page, which has every way to pay: the page is linked once in each part.
    const paymentLink = `https://adres.example/uk/payment/${order.payment_token}`;
    expect(mail.html.split(`href="${paymentLink}"`)).toHaveLength(2);
    expect(mail.html).toMatch(new RegExp(`<a href="${paymentLink}" style="display:inline-block;[^"]*">Оплатити 399\\sPLN</a>`));
    expect(mail.text.split(paymentLink)).toHaveLength(2);
    expect(mail.text).toMatch(new RegExp(`^Оплатити 399\\sPLN: ${paymentLink}$`, "m"));
    // The agreement's address is a link too; long addresses may break anywhere (a 360 px phone).
    expect(mail.html).toContain(
      `<a href="https://adres.example/agreement/${order.payment_token}" style="color:#1e3a8a;word-break:break-all;overflow-wrap:anywhere">`,
    );
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
    expect(online.text).toContain("Zapłacisz BLIKiem, szybkim przelewem lub kartą albo zwykłym przelewem");
    expect(online.text.split(`https://adres.example/platnosc/${order.payment_token}`)).toHaveLength(2);
  });

  it("the operator's notice is Polish, with the customer's contact and language, every value escaped in HTML", async () => {
    const { order, mail } = await composed("operator_new_order", "uk");
    expect(mail.to).toBe("operator@adres.example");
    expect(mail.subject).toMatch(new RegExp(`^Nowe zamówienie ${order.number}: `));
    expect(mail.text).toContain("Олена <b>Коваленко</b>");
    expect(mail.html).toContain("Олена &lt;b&gt;Коваленко&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Коваленко");
    expect(mail.text).toContain("+48 600 100 200");
    expect(mail.text).toContain("ukraiński");
    expect(mail.text).toContain(`https://adres.example/admin/orders/${order.id}`);
    expect(mail.html).toContain(`<a href="https://adres.example/admin/orders/${order.id}"`);
  });

  it("later messages carry their facts: the tracking number, the reason", async () => {
    const dispatched = (await composed("order_dispatched", "pl", { trackingNumber: "PL123456789", courier: "DPD" })).mail;
    expect(dispatched.text).toContain("Numer przesyłki: PL123456789");
    expect(dispatched.text).toContain("Kurier: DPD");
    // Without a courier's tracking page configured, the number is text.
    expect(dispatched.html).not.toContain("PL123456789</a>");
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

  it("links the tracking number to the courier's page when one is configured, in both parts", async () => {
    const { order } = await composed("order_dispatched", "pl", { trackingNumber: "RR 123456 PL", courier: "Poczta" });
    const message = await db.selectFrom("outbox").selectAll().where("kind", "=", "order_dispatched").executeTakeFirstOrThrow();
    const mail = await composeMessage(message, order, { ...context, courierTrackingUrl: "https://tracking.example/t?n={number}&lang=pl" });
    expect(mail.html).toContain(
      '<a href="https://tracking.example/t?n=RR%20123456%20PL&amp;lang=pl" style="color:#1e3a8a;word-break:break-all;overflow-wrap:anywhere">RR 123456 PL</a>',
    );
    expect(mail.text).toContain("Numer przesyłki: RR 123456 PL (https://tracking.example/t?n=RR%20123456%20PL&lang=pl)");
  });

  it("never makes a link of what the customer typed: only our own addresses are links, and mail programs find none in it", async () => {
    const phishing = "PILNE: dopłata https://evil.example/zaplac lub www.evil.example";
    const { order } = await acceptOrder(db, {
      details: {
        ...details,
        tenantNameOriginal: phishing,
        mailingAddress: "ul. evil.example 1, 00-001 Warszawa",
        email: "olena@evil.example",
      },
      variant: "standard",
      channel: "form",
      locale: "pl",
      idempotencyKey: "phishing",
      dataProcessingConsentAt: ORDERED,
      now: ORDERED,
    });
    await enqueueMessages(db, order.id, ["order_confirmation", "operator_new_order"], ORDERED, null);
    const messages = await db.selectFrom("outbox").selectAll().where("order_id", "=", order.id).execute();
    for (const message of messages) {
      const mail = await composeMessage(message, order, context);
      const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
      expect(hrefs.length, message.kind).toBeGreaterThan(0);
      for (const href of hrefs) expect(href, message.kind).toMatch(/^https:\/\/adres\.example\//);
      for (const part of [mail.text, mail.html]) {
        // What a mail program would recognise as a web or e-mail address: a scheme, "www." or a dotted name.
        expect(part.replaceAll("olena@evil.example", ""), message.kind).not.toMatch(/https?:\/\/evil|www\.evil|evil\.example/);
        // The reader still sees exactly what was typed.
        expect(part.replaceAll("\u200c", ""), message.kind).toContain(phishing);
      }
    }
  });
});
