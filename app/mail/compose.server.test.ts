import { formatPrice } from "~/i18n/money";
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
import { fixedT } from "~/i18n/i18n.server";
import { formatDeliveryDay } from "~/i18n/date-format";
import { LOCALE_TAGS, LOCALES, type Locale } from "~/i18n/locales";
import { receivedAtText } from "~/order/receipt-time.server";
import { composeMessage, type ComposeContext } from "./compose.server";
import { queuedMessage } from "../../tests/support/queued-message";
import { SAMPLE_API_ORDER } from "../../tests/support/sample-order";

const details: OrderDetails = {
  ...SAMPLE_API_ORDER,
  declarationType: "notarized",
  tenantName: "Олена <b>Коваленко</b>",
  landlordName: "Anna Nowak",
  startDate: "2026-12-01",
  email: "olena@example.com",
  phone: "+48 600 100 200",
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
  locale: Locale,
  data: Record<string, unknown> | null = null,
  changes: Partial<OrderDetails> = {},
) {
  const { order } = await acceptOrder(db, {
    details: { ...details, ...changes },
    variant: "standard",
    channel: "form",
    locale,
    idempotencyKey: `k-${kind}-${locale}-${JSON.stringify(changes)}`,
    dataProcessingConsentAt: ORDERED,
    now: ORDERED,
  });
  await enqueueMessages(db, order.id, [kind], ORDERED, data);
  const message = await queuedMessage(db, order.id, kind);
  return { order, message, mail: await composeMessage(message, order, context) };
}

describe("composing the e-mails", () => {
  for (const locale of ["pl", "en", "uk", "ru"] as const) {
    it(`${locale}: the confirmation records the early-start request and the acknowledgement of losing the right, each with its time (art. 38 ust. 1 pkt 1)`, async () => {
      const { order, mail } = await composed("order_confirmation", locale, null, { immediatePerformanceRequested: true });
      const t = fixedT(locale, "mail");
      const time = await receivedAtText(order.immediate_performance_consent_at!, locale);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(t("waiver.given", { time }));
        expect(part).toContain(t("summary.lossAcknowledged"));
        expect(part).toContain(t("waiver.acknowledged", { time }));
      }
      expect(time).toContain({ pl: "23 listopada 2026", en: "23 November 2026", uk: "23 листопада 2026", ru: "23 ноября 2026" }[locale]);
      // Without the request, neither is claimed.
      const { mail: without } = await composed("order_confirmation", locale);
      expect(without.text).toContain(t("waiver.notGiven"));
      expect(without.text).not.toContain(t("summary.lossAcknowledged"));
    });
  }

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
      expect(part).toContain("7 грудня (понеділок)");
      expect(part).toContain("14 грудня (понеділок)");
      expect(part).toContain("Юридичну силу має польська версія");
    }
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([`agreement-${order.number}.pdf`]);
    expect(mail.replyTo).toBe(PLACEHOLDER_COMPANY.email);
    // One button to the payment page, which has every way to pay; and, because the message is read again once
    // paid, a plain link to the same page worded for every state ("Order status"): twice in each part, no more.
    const paymentLink = `https://adres.example/uk/payment/${order.payment_token}`;
    expect(mail.html.split(`href="${paymentLink}"`)).toHaveLength(3);
    expect(mail.html).toMatch(new RegExp(`<a href="${paymentLink}" style="display:inline-block;[^"]*">Оплатити 399\\sPLN</a>`));
    expect(mail.html).toContain(`Статус замовлення: <a href="${paymentLink}" style="color:#1e3a8a;`);
    expect(mail.text.split(paymentLink)).toHaveLength(3);
    expect(mail.text).toMatch(new RegExp(`^Оплатити 399\\sPLN: ${paymentLink}$`, "m"));
    expect(mail.text).toMatch(new RegExp(`^Статус замовлення: ${paymentLink}$`, "m"));
    // The agreement's address is a link too; long addresses may break anywhere (a 360 px phone).
    expect(mail.html).toContain(
      `<a href="https://adres.example/agreement/${order.payment_token}" style="color:#1e3a8a;word-break:break-all;overflow-wrap:anywhere">`,
    );
    expect(mail.text).toContain(`https://adres.example/agreement/${order.payment_token}`);
    expect(mail.messageId).toMatch(/^<outbox-\d+\.AE-2026-\d{6}@adres\.example>$/);
  });

  it("with online payment on, the confirmation sends the customer to the payment page for BLIK or a card; without it, it does not", async () => {
    const { order, message, mail } = await composed("order_confirmation", "pl");
    expect(mail.text).not.toContain("BLIK");
    const online = await composeMessage(message, order, { ...context, onlinePayment: true });
    expect(online.text).toContain("Zapłacisz BLIKiem, szybkim przelewem lub kartą albo zwykłym przelewem");
    expect(online.text.split(`https://adres.example/platnosc/${order.payment_token}`)).toHaveLength(3);
  });

  it("a confirmation composed once the order is paid (sent late, or again) has the documents without payment instructions", async () => {
    const { order, message } = await composed("order_confirmation", "uk");
    const paid = { ...order, status: "paid" as const, paid_at: "2026-11-24" };
    const mail = await composeMessage(message, paid, { ...context, onlinePayment: true });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(order.number);
      expect(part).toContain("Оплату за це замовлення вже зараховано");
      expect(part).toContain(`https://adres.example/uk/payment/${order.payment_token}`);
      expect(part).not.toContain(PLACEHOLDER_COMPANY.bankAccount);
      expect(part).not.toContain("BLIK");
      // No deadline, no "the agreement ends if unpaid", no "if paid today" dates.
      expect(part).not.toContain("понеділок, 7 грудня");
    }
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([`agreement-${order.number}.pdf`]);
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
      "Uwaga: przy wpłacie zaksięgowanej dziś oświadczenie dotrze do klienta 15 grudnia (wtorek), czyli po początku najmu (1 grudnia 2026).",
    );
    expect(mail.text).toContain("Początek najmu: 1 grudnia 2026");
    expect(mail.text).toContain("Dostawa do klienta przy wpłacie zaksięgowanej dziś: 15 grudnia (wtorek)");
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
    // Without a courier's tracking page configured, the number is text.
    expect(dispatched.html).not.toContain("PL123456789</a>");
    const cancelled = (await composed("order_cancelled", "pl", { reason: "unpaid" })).mail;
    expect(cancelled.text).toContain("płatność nie wpłynęła w terminie");
  });

  for (const locale of ["pl", "en", "uk", "ru"] as const) {
    it(`${locale}: the correction after an undo says which e-mail was a mistake; after a "paid" it shows the way to pay again`, async () => {
      const t = fixedT(locale, "mail");
      const paid = await composed("order_move_undone", locale, { undone: "mark_paid" });
      expect(paid.mail.to).toBe("olena@example.com");
      expect(paid.mail.subject).toBe(t("subject.order_move_undone", { number: paid.order.number }));
      for (const part of [paid.mail.text, paid.mail.html]) {
        expect(part).toContain(t("moveUndone.paid", { number: paid.order.number }));
        expect(part).toContain(t("moveUndone.apology"));
        expect(part).toContain(t("pay.transfer"));
        expect(part).not.toContain(t("moveUndone.dispatched", { number: paid.order.number }));
      }
      const dispatched = await composed("order_move_undone", locale, { undone: "mark_dispatched" }, { landlordName: "Jan Nowak" });
      expect(dispatched.mail.text).toContain(t("moveUndone.dispatched", { number: dispatched.order.number }));
      expect(dispatched.mail.text).not.toContain(t("pay.transfer"));
    });
  }

  for (const locale of ["pl", "en", "uk", "ru"] as const) {
    it(`${locale}: a replacement declaration's e-mail names the new flat, its owner, day and code, and says the old one is no longer valid`, async () => {
      const t = fixedT(locale, "mail");
      const facts = {
        owner: "Maria Zielińska",
        address: "ul. Polna 12/4, 61-001 Poznań",
        city: "Poznań",
        declaredOn: "2026-12-03",
        code: "7KQ4M2XD9TRW",
        replacedCode: "ABCD2345EFGH",
      };
      const { order, mail } = await composed("declaration_replaced", locale, facts);
      expect(mail.to).toBe("olena@example.com");
      expect(mail.subject).toBe(t("subject.declaration_replaced", { number: order.number }));
      const day = { pl: "3 grudnia 2026", en: "3 December 2026", uk: "3 грудня 2026", ru: "3 декабря 2026" }[locale];
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(t("replacement.text", { number: order.number }));
        expect(part).toContain("Maria Zielińska");
        expect(part).toContain("Poznań");
        expect(part).toContain(day);
        expect(part).toContain("7KQ4-M2XD-9TRW");
        expect(part).toContain(t("replacement.oldInvalid", { code: "ABCD-2345-EFGH" }));
        // The sample order is notarized: the new owner's signature is certified again.
        expect(part).toContain(t("replacement.notarized"));
      }
      const regular = await composed("declaration_replaced", locale, facts, { declarationType: "regular" });
      expect(regular.mail.text).not.toContain(t("replacement.notarized"));
    });
  }

  for (const locale of ["pl", "en", "uk", "ru"] as const) {
    it(`${locale}: the request to pay for a replacement names its flat and day, the amount as the site writes money, and links the order page`, async () => {
      const t = fixedT(locale, "mail");
      const facts = {
        owner: "Maria Zielińska",
        address: "ul. Polna 12/4, 61-001 Poznań",
        city: "Poznań",
        declaredOn: "2026-12-03",
        priceGrosze: 4900,
      };
      const { order, mail } = await composed("replacement_payment_requested", locale, facts);
      expect(mail.to).toBe("olena@example.com");
      expect(mail.subject).toBe(t("subject.replacement_payment_requested", { number: order.number }));
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(t("replacementPayment.text", { number: order.number }));
        expect(part).toContain("Maria Zielińska");
        expect(part).toContain(formatPrice(4900, locale));
        expect(part).toContain(t("replacementPayment.after"));
        expect(part).toContain(order.payment_token);
      }
    });
  }

  it("a locker order's e-mails name the locker and InPost's pick-up code, and the address as for correspondence, never a courier, in every language", async () => {
    const locker = { method: "locker" as const, point: "KRA010", address: "ul. Floriańska 3, 31-042 Kraków" };
    const courierWord = /kurier|courier|кур’єр|курьер/i;
    for (const locale of ["pl", "en", "uk", "ru"] as const) {
      const t = fixedT(locale, "mail");
      const confirmation = (await composed("order_confirmation", locale, null, { delivery: locker })).mail.text;
      const paid = (await composed("order_paid", locale, { paidAt: ORDERED.toISOString() }, { delivery: locker })).mail.text;
      const dispatched = (
        await composed("order_dispatched", locale, { trackingNumber: "620000000000000000000001", courier: "InPost" }, { delivery: locker })
      ).mail.text;
      expect(confirmation, locale).toContain(`${t("summary.mailingAddress")}: ${details.mailingAddress}`);
      expect(confirmation, locale).toContain("KRA010, ul. Floriańska 3, 31-042 Kraków");
      expect(dispatched, locale).toContain("KRA010");
      expect(dispatched, locale).toMatch(/48/);
      for (const text of [confirmation, paid, dispatched]) expect(text, locale).not.toMatch(courierWord);
      // The courier's orders keep their words.
      const byCourier = (await composed("order_dispatched", locale, { trackingNumber: "RR1PL", courier: "DPD" })).mail.text;
      expect(byCourier, locale).toMatch(courierWord);
    }
  });

  it("a standard cancellation reason reaches the customer in their language; the operator's own words as typed", async () => {
    expect(
      (await composed("order_cancelled", "uk", { reason: "Zamówienie złożone ponownie", reasonCode: "duplicate" })).mail.text,
    ).toContain("Причина: те саме замовлення було оформлено більше ніж один раз; повторне замовлення ми скасовуємо, розриваючи договір");
    expect((await composed("order_cancelled", "pl", { reason: "Mój powód", reasonCode: "own" })).mail.text).toContain("Powód: Mój powód");
  });

  it("the correction e-mails say what changed, keep the agreement as accepted, and a resent message gets its own id", async () => {
    const corrected = (await composed("details_corrected", "uk", { fields: ["mailingAddress"] })).mail;
    expect(corrected.subject).toMatch(/ми виправили ваші дані/);
    expect(corrected.text).toContain("Адреса для листування: ul. Krótka 1, 00-001 Warszawa");
    // A corrected name or address rectifies the agreement and the declaration; it does not leave them "unchanged".
    expect(corrected.text).toContain("Це виправлення є уточненням даних у договорі та в заяві");
    expect(corrected.text).not.toContain("залишається без змін");
    expect(corrected.text).not.toContain("+48 600 100 200");
    const reopened = (await composed("order_reopened", "pl", { paidAt: "2026-11-25", consentAt: "2026-11-26", consentHow: "e-mail" })).mail;
    // It confirms what the customer chose; it does not revive the ended agreement on its own.
    expect(reopened.text).toContain("Dziękujemy za potwierdzenie, że chcesz wykonania zamówienia");
    expect(reopened.text).toContain("§ 4 ust. 6");
    expect(reopened.text).toContain("najpóźniej");
    const refund = (await composed("refund_recorded", "pl", { refundedGrosze: 25000 })).mail;
    expect(refund.text).toMatch(/Zwróciliśmy 250(,00)?\s(PLN|zł) za zamówienie/);
    const message = await db.selectFrom("outbox").selectAll().where("kind", "=", "refund_recorded").executeTakeFirstOrThrow();
    const order = await db.selectFrom("orders").selectAll().where("id", "=", message.order_id).executeTakeFirstOrThrow();
    expect((await composeMessage({ ...message, resent: 2 }, order, context)).messageId).toMatch(/^<outbox-\d+-2\./);
  });

  it("every variant of what happens next names its days, in every language, and never leaves an empty value", async () => {
    const dispatchOf = {
      pl: "30 listopada (poniedziałek)",
      en: "30 November (Monday)",
      uk: "30 листопада (понеділок)",
      ru: "30 ноября (понедельник)",
    };
    const laterOf = {
      pl: "14 grudnia (poniedziałek)",
      en: "14 December (Monday)",
      uk: "14 грудня (понеділок)",
      ru: "14 декабря (понедельник)",
    };
    const endsOf = { pl: "7 grudnia (poniedziałek)", en: "7 December (Monday)", uk: "7 грудня (понеділок)", ru: "7 декабря (понедельник)" };
    const mailOf = async (locale: Locale, earlyStart: boolean, kind: MessageKind, data: Record<string, unknown> | null = null) =>
      (await composed(kind, locale, data, { immediatePerformanceRequested: earlyStart })).mail.text;
    /** The paragraph under the "what happens next" heading. */
    const nextOf = (text: string, locale: Locale) => text.split(`${fixedT(locale, "mail")("next.heading")}\n`)[1]!.split("\n")[1]!;
    for (const locale of LOCALES) {
      const now = nextOf(await mailOf(locale, true, "order_confirmation"), locale);
      expect(now, locale).toContain(dispatchOf[locale]);
      const later = nextOf(await mailOf(locale, false, "order_confirmation"), locale);
      expect(later, locale).toContain(endsOf[locale]);
      expect(later, locale).toContain(laterOf[locale]);
      const paid = await mailOf(locale, true, "order_paid", { paidAt: "2026-11-23" });
      expect(paid, locale).toContain(dispatchOf[locale]);
      const reopened = await mailOf(locale, true, "order_reopened", {
        paidAt: "2026-11-23",
        consentAt: "2026-11-23",
        consentHow: "e-mail",
      });
      expect(reopened, locale).toContain(dispatchOf[locale]);
      for (const text of [now, later, paid, reopened]) expect(text, locale).not.toMatch(/\(\s*\)|\{\{|\$t\(|:\s*\.|\s[.;,]/);
    }
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

describe("the payment deadline in the e-mails", () => {
  /** An order placed on Sunday 29 November 2026, whose 7th day is Sunday 6 December. */
  async function sundayOrder(kind: MessageKind, locale: Locale) {
    const now = new Date("2026-11-29T18:30:00Z");
    const { order } = await acceptOrder(db, {
      details,
      variant: "standard",
      channel: "form",
      locale,
      idempotencyKey: `sunday-${kind}-${locale}`,
      dataProcessingConsentAt: now,
      now,
    });
    await enqueueMessages(db, order.id, [kind], now);
    return composeMessage(await queuedMessage(db, order.id, kind), order, { ...context, now });
  }

  it("moves a deadline that falls on a Sunday to Monday, and says so, in the confirmation and the reminder", async () => {
    for (const kind of ["order_confirmation", "payment_reminder"] as const) {
      const mail = await sundayOrder(kind, "pl");
      expect(mail.text, kind).toContain("7 grudnia (poniedziałek)");
      expect(mail.text, kind).toContain(
        "Ostatni dzień terminu wypadał 6 grudnia (niedziela), dlatego termin przesuwa się na najbliższy dzień roboczy.",
      );
    }
    expect((await sundayOrder("order_confirmation", "uk")).text).toContain("Останній день строку припадав на 6 грудня (неділя)");
  });

  it("says nothing of a move when the deadline falls on a business day", async () => {
    const { mail } = await composed("order_confirmation", "pl");
    expect(mail.text).toContain("30 listopada (poniedziałek)");
    expect(mail.text).not.toContain("Ostatni dzień terminu wypadał");
  });
});

describe("the review request", () => {
  it("asks in the order's language, with one button to the order's review form", async () => {
    for (const locale of LOCALES) {
      const { order, mail } = await composed("review_request", locale);
      const t = fixedT(locale, "review");
      expect(mail.to).toBe(details.email);
      expect(mail.subject).toBe(fixedT(locale, "mail")("subject.review_request", { number: order.number }));
      // Not dispatched in this test: the day it is composed stands in for the day of dispatch.
      expect(mail.text).toContain(t("mail.intro", { number: order.number, date: formatDeliveryDay(ORDERED, LOCALE_TAGS[locale]) }));
      const form = `https://adres.example${locale === "pl" ? "" : `/${locale}`}/${locale === "pl" ? "platnosc" : "payment"}/${order.payment_token}/${locale === "pl" ? "opinia" : "review"}`;
      expect(mail.text).toContain(`${t("mail.button")}: ${form}`);
      expect(mail.html).toContain(`href="${form}"`);
    }
  });
});

describe("the review request's words are true whenever it is read", () => {
  it('names the day the declaration went out, not "a few days ago": it may leave minutes after a quick delivery', async () => {
    const { order } = await composed("order_paid", "pl");
    const dispatchedAt = "2026-12-01T10:00:00Z";
    await db.updateTable("orders").set({ status: "dispatched", dispatched_at: dispatchedAt }).where("id", "=", order.id).execute();
    const dispatched = await db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    await enqueueMessages(db, order.id, ["review_request"], new Date(dispatchedAt));
    const message = await queuedMessage(db, order.id, "review_request");
    // Ten minutes after dispatch.
    const mail = await composeMessage(message, dispatched, { ...context, now: new Date("2026-12-01T10:10:00Z") });
    expect(mail.text).toContain(`Oświadczenie do zamówienia ${order.number} wysłaliśmy 1 grudnia (wtorek).`);
    for (const locale of LOCALES)
      expect(fixedT(locale, "review")("mail.intro")).not.toMatch(/kilka dni|few days|кілька днів|несколько дней/);
  });
});
