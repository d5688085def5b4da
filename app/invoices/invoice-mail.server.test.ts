import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyTransition, recordRefund } from "~/flows/transitions.server";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import type { MessageKind, OrderRow } from "~/db/schema";
import { documentsOnThisThread } from "~/jobs/document-thread.server";
import type { Locale } from "~/i18n/locales";
import { composeMessage, type ComposeContext } from "~/mail/compose.server";
import { pdfTextOf } from "../../tests/support/pdf-text";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { composeInvoiceMessage, invoiceRequestRows, invoicesOfMessage } from "./invoice-mail.server";
import { findRequest } from "~/order/invoice-request.server";
import { queuedMessage } from "../../tests/support/queued-message";

const ORDERED = new Date("2026-11-23T09:00:00Z");
const PAID = new Date("2026-11-24T10:00:00Z");
const REFUNDED = new Date("2026-12-02T10:00:00Z");
const OPERATOR = "op@example.com";
const BUYER = { buyerName: "Kowalski & Syn sp. j.", buyerAddress: "ul. Krzywa 2/4, 60-001 Poznań", nip: "7791011327" };
const SITE = "https://adres.example";
const invoiceContext = { company: PLACEHOLDER_COMPANY, siteUrl: SITE, drawInvoice: documentsOnThisThread.invoicePdf };

let db: AppDatabase;
beforeEach(async () => {
  db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "invoice-mail-")), "app.db") });
});
afterEach(() => db.destroy());

async function paidOrder(locale: Locale, invoice: typeof BUYER | null = BUYER): Promise<OrderRow> {
  const { order } = await placeSampleOrder(db, ORDERED, { locale, details: { invoice }, idempotencyKey: `k-${locale}` });
  await applyTransition(db, order.id, { transition: "mark_paid", paidAt: PAID.toISOString() }, OPERATOR, PAID);
  return db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
}

/** The operator cancels the order and records the whole payment sent back by transfer: the invoice is corrected. */
async function refundInFull(order: OrderRow) {
  await applyTransition(db, order.id, { transition: "cancel", reason: "Na prośbę klienta", refundDueGrosze: 29_900 }, OPERATOR, REFUNDED);
  await recordRefund(db, order.id, 29_900, "przelew zwrotny", OPERATOR, REFUNDED);
}

/** The queued message of that kind as the mail worker composes it. */
async function composedInvoiceMail(order: OrderRow, kind: MessageKind) {
  const message = await queuedMessage(db, order.id, kind);
  const mail = await composeInvoiceMessage(message, order, await invoicesOfMessage(db, message), invoiceContext);
  const [attachment, ...more] = mail.attachments;
  expect(more).toEqual([]);
  return { mail, attachment: attachment!, pdfText: await pdfTextOf(attachment!.content) };
}

describe("the invoice's e-mail", () => {
  it("carries the invoice as a PDF, in the customer's language, to the customer", async () => {
    const order = await paidOrder("uk");
    const { mail, attachment, pdfText } = await composedInvoiceMail(order, "invoice_issued");
    expect(mail.to).toBe(order.email);
    expect(mail.subject).toBe(`Рахунок-фактура FV/2026/11/0001 до замовлення ${order.number}`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(`У додатку надсилаємо рахунок-фактуру FV/2026/11/0001 до замовлення ${order.number}.`);
      expect(part).toContain(`${SITE}/uk/payment/${order.payment_token}`);
    }
    expect(attachment).toMatchObject({ filename: "FV-2026-11-0001.pdf", contentType: "application/pdf" });
    expect(attachment.content.subarray(0, 5).toString()).toBe("%PDF-");
    // The invoice itself: Polish, with the customer's language beside each label.
    expect(pdfText).toContain("Faktura / Рахунок-фактура FV/2026/11/0001");
    expect(pdfText).toContain("Nabywca / Покупець Kowalski & Syn sp. j. ul. Krzywa 2/4, 60-001 Poznań");
  });

  it("carries the correcting invoice after a refund, with the reason in the customer's language", async () => {
    const order = await paidOrder("en");
    await refundInFull(order);
    const { mail, attachment, pdfText } = await composedInvoiceMail(order, "invoice_corrected");
    expect(mail.subject).toBe(`Corrective invoice KOR/2026/12/0001 for order ${order.number}`);
    expect(mail.text).toContain("invoice FV/2026/11/0001");
    expect(mail.text).toContain("payment returned after the order was cancelled");
    expect(mail.text).not.toContain("zwrot zapłaty");
    expect(attachment.filename).toBe("KOR-2026-12-0001.pdf");
    // The document keeps the binding Polish reason.
    expect(pdfText).toContain("zwrot zapłaty po anulowaniu zamówienia");
  });
});

const KSEF_NUMBER = "7791011327-20261124-0123456789AB-CD";

/** What the KSeF lane records once KSeF has numbered the invoice. */
async function acceptedInKsef(invoiceNumber: string, ksefNumber: string) {
  await db
    .updateTable("ksef_submissions")
    .set({ status: "accepted", ksef_number: ksefNumber, error: null })
    .where("invoice_number", "=", invoiceNumber)
    .execute();
}

describe("every element the law asks of the invoice and its e-mail", () => {
  it("names the unit net price on the line, and the unit of a service (usł.), in each of the four languages", async () => {
    const beside = { pl: null, en: "service", uk: "послуга", ru: "услуга" } as const;
    const unitPrice = { pl: null, en: "Unit net price", uk: "Ціна одиниці нетто", ru: "Цена единицы нетто" } as const;
    for (const locale of ["pl", "en", "uk", "ru"] as const) {
      const { pdfText } = await composedInvoiceMail(await paidOrder(locale), "invoice_issued");
      expect(pdfText, locale).toContain(locale === "pl" ? ": 1 usł." : `: 1 usł. / ${beside[locale]}`);
      expect(pdfText, locale).toContain(`Cena jednostkowa netto${locale === "pl" ? "" : ` / ${unitPrice[locale]}`}: 243,09 PLN`);
      expect(pdfText, locale).not.toContain("szt.");
    }
  });

  it("prints the corrected invoice's KSeF number on a correcting invoice once the original has one, and the unit prices before and after", async () => {
    const order = await paidOrder("pl");
    await acceptedInKsef("FV/2026/11/0001", KSEF_NUMBER);
    await refundInFull(order);
    const { pdfText } = await composedInvoiceMail(order, "invoice_corrected");
    expect(pdfText).toContain(`Dotyczy faktury: FV/2026/11/0001 (24.11.2026) Numer KSeF faktury korygowanej: ${KSEF_NUMBER}`);
    expect(pdfText).toContain("Przed korektą Cena jednostkowa netto: 243,09 PLN");
    expect(pdfText).toContain("Po korekcie Cena jednostkowa netto: 0,00 PLN");
    expect(pdfText).toContain("Korekta Cena jednostkowa netto: -243,09 PLN");
  });

  it("prints no KSeF number of the corrected invoice while the original has none", async () => {
    const order = await paidOrder("en");
    await refundInFull(order);
    const { pdfText } = await composedInvoiceMail(order, "invoice_corrected");
    expect(pdfText).toContain("Dotyczy faktury / Corrects invoice: FV/2026/11/0001");
    expect(pdfText).not.toContain("Numer KSeF faktury korygowanej");
  });

  it("tells a NIP buyer the invoice's KSeF number and that the attached PDF is its visualisation, once KSeF has numbered it", async () => {
    const order = await paidOrder("pl");
    const before = await composedInvoiceMail(order, "invoice_issued");
    expect(before.mail.text).not.toContain("KSeF");
    await acceptedInKsef("FV/2026/11/0001", KSEF_NUMBER);
    const { mail } = await composedInvoiceMail(order, "invoice_issued");
    for (const part of [mail.text, mail.html])
      expect(part).toContain(
        `Faktura została wystawiona w Krajowym Systemie e-Faktur (KSeF) pod numerem ${KSEF_NUMBER}. Załączony plik PDF jest jej wizualizacją.`,
      );
  });
});

describe("the confirmation's invoice rows", () => {
  const context: ComposeContext = {
    company: PLACEHOLDER_COMPANY,
    siteUrl: SITE,
    operatorEmail: "operator@adres.example",
    paymentDeadlineDays: 7,
    confirmationAttachments: async () => [],
    now: ORDERED,
  };

  async function confirmation(locale: Locale, invoice: typeof BUYER | null) {
    const { order } = await placeSampleOrder(db, ORDERED, {
      locale,
      details: { invoice },
      idempotencyKey: `c-${locale}-${invoice ? 1 : 0}`,
    });
    const message = await queuedMessage(db, order.id, "order_confirmation");
    // As the mail worker gives them.
    const invoiceRows = invoiceRequestRows(await findRequest(db, order.id), order.locale);
    return composeMessage(message, order, { ...context, invoiceRows });
  }

  it("name the buyer and the NIP in the order's language, escaped in the HTML", async () => {
    const mail = await confirmation("ru", BUYER);
    expect(mail.text).toMatch(/Счёт-фактура:? Kowalski & Syn sp\. j\., ul\. Krzywa 2\/4, 60-001 Poznań/);
    expect(mail.text).toMatch(/NIP:? 779-101-13-27/);
    expect(mail.html).toContain("Kowalski &amp; Syn sp. j., ul. Krzywa 2/4, 60-001 Poznań");
    expect(mail.html).not.toContain("Kowalski & Syn");
  });

  it("are left out of an order that asked for no invoice", async () => {
    const mail = await confirmation("pl", null);
    expect(mail.text).not.toContain("Faktura");
    expect(mail.text).not.toContain("NIP");
  });
});
