import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import type { MessageKind } from "~/db/schema";
import { fixedT } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/locales";
import { statementText } from "~/withdrawal/form-action.server";
import type { WithdrawalValues } from "~/withdrawal/statement";
import { recordWithdrawal } from "~/withdrawal/withdrawal.server";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { composeWithdrawalMessage, WITHDRAWN_ORDER_COLUMNS } from "./withdrawal-mail.server";

const T0 = new Date("2026-11-23T09:00:00Z");
const T1 = new Date("2026-11-25T14:30:00Z");
const context = { company: PLACEHOLDER_COMPANY, siteUrl: "https://adres.example", operatorEmail: "operator@adres.example" };

describe.each(DIALECTS)("a withdrawal statement's e-mails on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => db.destroy());

  /** A statement confirmed on the page in `locale`, and each of its messages as the mail worker composes it. */
  async function statementMails(values: WithdrawalValues, locale: Locale, token: string | null = null, now = T1) {
    const { id } = await recordWithdrawal(db, { values, statement: await statementText(values, locale), locale, token, now });
    const withdrawal = await db.selectFrom("withdrawals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const order = withdrawal.order_id
      ? await db.selectFrom("orders").select(WITHDRAWN_ORDER_COLUMNS).where("id", "=", withdrawal.order_id).executeTakeFirstOrThrow()
      : null;
    const messages = await db.selectFrom("outbox").selectAll().where("withdrawal_id", "=", id).execute();
    const mails = new Map<MessageKind, Awaited<ReturnType<typeof composeWithdrawalMessage>>>();
    for (const message of messages) mails.set(message.kind, await composeWithdrawalMessage(message, withdrawal, order, context));
    return mails;
  }

  it("acknowledges to the order's own address, with its number in the subject, the full text, and the link to its page", async () => {
    const { order } = await placeSampleOrder(db, T0, { details: { email: "jan.kowalski@example.com" } });
    const mails = await statementMails(
      { name: "Jan www.evil.example", reference: order.number, email: "jan.kowalski@example.com" },
      "pl",
      order.payment_token,
    );
    const acknowledgement = mails.get("withdrawal_acknowledgement")!;
    expect(acknowledgement.to).toBe("jan.kowalski@example.com");
    expect(acknowledgement.subject).toBe(`Zamówienie ${order.number}: otrzymaliśmy Twoje oświadczenie o odstąpieniu od umowy`);
    const orderPage = `https://adres.example/platnosc/${order.payment_token}`;
    expect(acknowledgement.text).toContain(`Status zamówienia: ${orderPage}`);
    expect(acknowledgement.html).toContain(`<a href="${orderPage}"`);
    // Unpaid: nothing speaks of a refund.
    expect(acknowledgement.text).toContain("Zamówienie nie zostało opłacone, więc nie musisz nic płacić ani robić.");
    expect(acknowledgement.text).not.toMatch(/zwr[oó]c/i);
    // The address the form validated is written as it is, in both parts: no invisible character inside it.
    for (const part of [acknowledgement.text, acknowledgement.html]) {
      expect(part).toContain("Potwierdzenie proszę przesłać na adres e-mail: jan.kowalski@example.com");
      expect(part).not.toMatch(/jan\.\u200c|example\.\u200ccom/);
      // What the sender typed elsewhere is still kept from becoming a link.
      expect(part).toContain("Jan www.\u200cevil.\u200cexample");
      expect(part).not.toContain("www.evil.example");
      // Our own words and legal name are written as they are.
      expect(part).toContain(`zawartej z firmą ${PLACEHOLDER_COMPANY.legalName} za pośrednictwem`);
    }
    // The address given is the order's own: no second message to it.
    expect(mails.has("withdrawal_receipt")).toBe(false);
  });

  it("a paid order's acknowledgement names the refund's last day; another address given gets a receipt without the sender's words", async () => {
    const { order } = await placeSampleOrder(db, T0, { details: { email: "owner@example.com" }, locale: "en" });
    await db.updateTable("orders").set({ status: "paid", paid_at: T0.toISOString() }).where("id", "=", order.id).execute();
    const mails = await statementMails(
      { name: "PAY NOW at evil dot example", reference: `${order.number} urgent: call +48 600 000 000`, email: "someone@example.org" },
      "en",
      order.payment_token,
    );
    const acknowledgement = mails.get("withdrawal_acknowledgement")!;
    expect(acknowledgement.to).toBe("owner@example.com");
    expect(acknowledgement.text).toContain("no later than 9 December (Wednesday)");
    // Art. 32, in the words the order page and the terms use: the same means of payment, at no cost.
    expect(acknowledgement.text).toContain(`without undue delay, no later than 9 December (Wednesday)`);
    expect(acknowledgement.text).toContain(fixedT("en", "common")("withdrawalRefund.how"));
    const receipt = mails.get("withdrawal_receipt")!;
    expect(receipt.to).toBe("someone@example.org");
    expect(receipt.subject).toBe("We have received a withdrawal statement");
    for (const part of [receipt.subject, receipt.text, receipt.html]) {
      expect(part).not.toContain("PAY NOW");
      expect(part).not.toContain("600 000 000");
      expect(part).not.toContain(order.number);
    }
    expect(receipt.text).toMatch(/14:30:00|15:30:00/);
  });

  it("an unmatched statement's receipt carries none of the sender's words; the operator sees them all, and that nothing matched", async () => {
    const mails = await statementMails(
      { name: "Visit https://evil.example now", reference: "AE-2026-999999 or else", email: "victim@example.org" },
      "uk",
    );
    const receipt = mails.get("withdrawal_receipt")!;
    expect(receipt.to).toBe("victim@example.org");
    for (const part of [receipt.subject, receipt.text, receipt.html]) {
      expect(part).not.toMatch(/evil|Visit|or else|AE-2026/);
    }
    expect(receipt.text).toContain("(за польським часом)");
    expect(mails.has("withdrawal_acknowledgement")).toBe(false);
    const notice = mails.get("operator_withdrawal")!;
    expect(notice.to).toBe("operator@adres.example");
    expect(notice.text).toContain("Nie pasuje do żadnego zamówienia");
    expect(notice.text).toContain("Visit https:\u200c//evil.\u200cexample now");
  });

  describe("a statement sent after the withdrawal period (14 days from 23 November: it ended on Monday 7 December)", () => {
    const LATE = new Date("2026-12-08T10:00:00Z");
    const periodEnd = {
      pl: "7 grudnia (poniedziałek)",
      en: "7 December (Monday)",
      uk: "7 грудня (понеділок)",
      ru: "7 декабря (понедельник)",
    };
    const sentOn = { pl: "8 grudnia (wtorek)", en: "8 December (Tuesday)", uk: "8 грудня (вівторок)", ru: "8 декабря (вторник)" };

    for (const locale of ["pl", "en", "uk", "ru"] as const) {
      it(`${locale}: leaves the order as it was, is kept as late, and gets its own answer with its text and time`, async () => {
        const { order } = await placeSampleOrder(db, T0, { locale, details: { email: "late@example.com" } });
        await db.updateTable("orders").set({ status: "paid", paid_at: T0.toISOString() }).where("id", "=", order.id).execute();
        const mails = await statementMails(
          { name: order.tenant_name, reference: order.number, email: "late@example.com" },
          locale,
          order.payment_token,
          LATE,
        );
        const after = await db.selectFrom("orders").select(["status", "withdrawn_at"]).where("id", "=", order.id).executeTakeFirstOrThrow();
        expect(after).toEqual({ status: "paid", withdrawn_at: null });
        const stored = await db
          .selectFrom("withdrawals")
          .select(["late", "order_id"])
          .where("order_id", "=", order.id)
          .executeTakeFirstOrThrow();
        expect(Number(stored.late)).toBe(1);
        expect(mails.has("withdrawal_acknowledgement")).toBe(false);
        const answer = mails.get("withdrawal_late")!;
        expect(answer.to).toBe("late@example.com");
        expect(answer.subject).toContain(order.number);
        expect(answer.text).toContain(order.tenant_name);
        expect(answer.text).toContain(periodEnd[locale]);
        expect(answer.text).toContain(sentOn[locale]);
        expect(answer.text).toContain({ pl: "art. 27", en: "art. 27", uk: "ст. 27", ru: "ст. 27" }[locale]);
        // Nothing promises a refund or speaks of the order as withdrawn.
        expect(answer.text).not.toMatch(/zwr[oó]c|refund|поверн|возвра/i);
        expect(answer.text).not.toMatch(/\{\{/);
        const operator = mails.get("operator_withdrawal")!;
        expect(operator.text).toContain("Złożone po terminie na odstąpienie (termin upłynął 7 grudnia (poniedziałek))");
        const events = await db.selectFrom("order_events").select("details").where("order_id", "=", order.id).execute();
        expect(events.map((event) => JSON.parse(event.details ?? "{}").action)).toEqual(["withdrawal_late"]);
      });
    }

    it("one sent at 23:30 on the period's last day, Warsaw time, is in time and marks the order", async () => {
      const { order } = await placeSampleOrder(db, T0, { details: { email: "intime@example.com" } });
      const lastEvening = new Date("2026-12-07T22:30:00Z");
      const mails = await statementMails(
        { name: order.tenant_name, reference: order.number, email: "intime@example.com" },
        "pl",
        order.payment_token,
        lastEvening,
      );
      expect(mails.has("withdrawal_acknowledgement")).toBe(true);
      expect(mails.has("withdrawal_late")).toBe(false);
      const after = await db.selectFrom("orders").select("withdrawn_at").where("id", "=", order.id).executeTakeFirstOrThrow();
      expect(after.withdrawn_at).toBe(lastEvening.toISOString());
    });
  });
});
