import { expect, test } from "@playwright/test";
import { expectOnPaymentPage, fillOrderForm, orderWithBothConsents, validOrder } from "./support/order";
import { failedMailAttempts, pdfText, placeApiOrder, receivedMail, setSmtpOutage, waitForMail } from "./support/mail";
import { pathFor, strings, type Locale } from "./support/site";

/** The confirmation and the operator's notice, over a real SMTP conversation on 127.0.0.1. */
test.describe("e-mails after the order", () => {
  for (const locale of ["pl", "uk"] as const satisfies readonly Locale[]) {
    test(`the ${locale} confirmation arrives with both parts and the agreement PDF; the operator is told`, async ({ page }, testInfo) => {
      const order = strings(locale, "order");
      const mail = strings(locale, "mail");
      const base = validOrder(testInfo.project.name);
      // The name in Latin letters as in the passport, the Cyrillic spelling beside it, and a co-resident.
      const data = {
        ...base,
        tenantName: `Olena Żółć ${base.tenantName.split(" ").at(-1)}`,
        tenantNameOriginal: "Олена Коваленко",
        coResidents: "Taras Kovalenko (Тарас Коваленко)",
      };
      await page.goto(pathFor("order", locale));
      await fillOrderForm(page, data);
      await page.getByRole("button", { name: order.form.preview }).click();
      await orderWithBothConsents(page, order);
      await expectOnPaymentPage(page, /399/);
      const number = await page.getByTestId("order-number").innerText();

      const [confirmation] = await waitForMail((received) => received.subject.includes(number) && received.to.includes(data.email));
      expect(confirmation!.subject).toBe(mail.subject.order_confirmation.replace("{{number}}", number));
      expect(confirmation!.text).toContain(number);
      expect(confirmation!.html).toContain(number);
      expect(confirmation!.text).toContain(new URL(page.url()).pathname);
      // One clear button to the payment page (which has every way to pay), and a plain link to the same page worded
      // for every state, for when the message is read again once paid: its address twice in each part.
      const paymentAddress = page.url();
      expect(confirmation!.text.split(paymentAddress)).toHaveLength(3);
      expect(confirmation!.html.split(`href="${paymentAddress}"`)).toHaveLength(3);
      expect(confirmation!.text).toContain(mail.paymentPage.replace("{{url}}", paymentAddress));
      const button = new RegExp(`<a href="${paymentAddress}" style="display:inline-block;[^"]*">${mail.pay.button.split("{{")[0]}399`);
      expect(confirmation!.html).toMatch(button);
      expect(confirmation!.attachments.map((attachment) => attachment.filename)).toEqual([
        mail.attachments.agreement.replace("{{number}}", number),
        mail.attachments.terms,
        mail.attachments.withdrawalForm,
      ]);
      const agreement = await pdfText(confirmation!.attachments[0]!);
      expect(agreement).toContain(data.tenantName);
      expect(agreement).toContain("(Олена Коваленко)");
      expect(agreement).toContain("Taras Kovalenko (Тарас Коваленко)");
      // The confirmation repeats who is covered, where the declaration goes and the choice made.
      expect(confirmation!.text).toContain(`${mail.summary.tenant}: ${data.tenantName} (Олена Коваленко)`);
      expect(confirmation!.text).toContain(`${mail.summary.coResidents}: Taras Kovalenko (Тарас Коваленко)`);
      expect(confirmation!.text).toContain(`${mail.summary.mailingAddress}: ul. Krótka 1, 00-001 Warszawa`);
      expect(agreement).toContain(number);

      const [notice] = await waitForMail((received) => received.subject.includes(number) && received.to.includes("operator@adres.test"));
      expect(notice!.text).toContain(`${data.tenantName} (Олена Коваленко)`);
      expect(notice!.text).toContain("Taras Kovalenko (Тарас Коваленко)");
      expect(notice!.text).toContain("ul. Krótka 1, 00-001 Warszawa");
      expect(notice!.text).toContain(data.email);

      // Sending the same accept again writes nothing and sends nothing more. The outbox sends in
      // the order messages were queued, so once a later order's confirmation has arrived, any
      // message the replay could have queued would have arrived before it.
      await page.goBack().catch(() => undefined);
      await page.reload().catch(() => undefined);
      const marker = await placeApiOrder(page.request, `Marker ${testInfo.project.name} ${Date.now()}`);
      await waitForMail((received) => received.subject.includes(marker));
      expect(receivedMail().filter((received) => received.subject.includes(number))).toHaveLength(2);
    });
  }

  test("with the SMTP server down the order completes at once, and the e-mail arrives once it is back", async ({ request }, testInfo) => {
    test.skip(testInfo.project.name === "js", "a server-side behaviour: once is enough");
    test.setTimeout(90_000);
    await setSmtpOutage(true);
    try {
      // The order is acknowledged while the mail server refuses (how fast is the bench's business).
      const number = await placeApiOrder(request, `Outage ${Date.now()}`);
      // The worker has tried both messages and been refused: nothing arrived, both wait for a retry.
      await expect.poll(() => failedMailAttempts(number), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      expect(receivedMail().filter((received) => received.subject.includes(number))).toHaveLength(0);
      await setSmtpOutage(false);
      // The retry comes within OUTBOX_FIRST_RETRY_SECONDS (2 s here), doubling: the confirmation and the operator's notice, once each.
      await waitForMail((received) => received.subject.includes(number) && received.to.includes("api-order@example.com"), 45_000);
      await waitForMail((received) => received.subject.includes(number) && received.to.includes("operator@adres.test"), 45_000);
      expect(receivedMail().filter((received) => received.subject.includes(number))).toHaveLength(2);
    } finally {
      await setSmtpOutage(false);
    }
  });
});
