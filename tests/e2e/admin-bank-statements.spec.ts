import { expect, test, type Page } from "@playwright/test";
import { mt940Statement } from "../support/bank-statement";
import { createOperator, openOrder, placeOrder, signIn, uniqueOperatorEmail } from "./support/admin";
import { randomLetters } from "./support/order";

/**
 * The operator's morning (issue 47): the bank's statement read on a phone marks two orders paid and
 * leaves three lines to check; one is assigned by hand after a mistyped number is refused with the
 * number kept; the same file read again changes nothing; a web page saved as .csv is refused. The
 * back office is plain forms, so both projects take the same path.
 */
test.use({ viewport: { width: 390, height: 844 } });

const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw", year: "numeric", month: "2-digit", day: "2-digit" }).format(
  new Date(),
);

async function upload(page: Page, name: string, content: string) {
  await page.goto("/admin/bank-statements");
  await page.getByLabel("Plik wyciągu").setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from(content, "utf8") });
  await page.getByRole("button", { name: "Wczytaj wyciąg" }).click();
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

test("a statement marks two orders paid and three lines wait; one is assigned by hand; the same file again changes nothing", async ({
  page,
  request,
}, testInfo) => {
  const tag = `${testInfo.project.name}${Date.now()}`;
  const operator = uniqueOperatorEmail(`statement-${testInfo.project.name}`);
  createOperator(operator);
  await signIn(page, operator);
  const surname = `Wyciągowa${randomLetters()}`;
  const thirdSurname = `Przelewska${randomLetters()}`;
  const [first, second, third] = [
    await placeOrder(request, { name: `Anna ${surname}` }),
    await placeOrder(request, { name: `Beata ${surname}` }),
    await placeOrder(request, { name: `Celina ${thirdSurname}` }),
  ];
  const spelled = second.number.replace(/^AE-(\d{4})-0*(\d+)$/, "ae $1 $2");
  const statement = mt940Statement(
    [
      { bookedOn: today, amountGrosze: 29_900, title: `Zamówienie ${first.number}`, name: `Anna ${surname}`, reference: `${tag}-1` },
      { bookedOn: today, amountGrosze: 29_900, title: `oświadczenie ${spelled}`, name: `Beata ${surname}`, reference: `${tag}-2` },
      { bookedOn: today, amountGrosze: 29_000, title: `Zamówienie ${third.number}`, name: `Celina ${thirdSurname}`, reference: `${tag}-3` },
      {
        bookedOn: today,
        amountGrosze: 29_900,
        title: `Zamówienie ${first.number} drugi raz`,
        name: `Anna ${surname}`,
        reference: `${tag}-4`,
      },
      { bookedOn: today, amountGrosze: 29_900, title: "Przelew środków", name: `C. ${thirdSurname.toUpperCase()}`, reference: `${tag}-5` },
      { bookedOn: today, amountGrosze: 12_000, title: "Zwrot za bilety", name: "Jan Obcy", reference: `${tag}-7` },
      { bookedOn: today, amountGrosze: -316_800, title: "Czynsz za grudzień", name: "Spółdzielnia Przykładowa", reference: `${tag}-6` },
    ],
    { reference: tag },
  );

  await upload(page, `wyciag-${tag}.sta`, statement);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Wyciąg wyciag-${tag}.sta`);
  await expect(page.getByTestId("count-paid")).toHaveText("2");
  await expect(page.getByTestId("count-toCheck")).toHaveText("3");
  await expect(page.getByTestId("count-notOurs")).toHaveText("2");
  await expect(page.getByTestId("count-readBefore")).toHaveText("0");
  await expect(page.getByTestId("paid-orders")).toContainText(first.number);
  await expect(page.getByTestId("paid-orders")).toContainText(second.number);
  await expectNoSidewaysScroll(page);

  // The list says why each line waits; the second payment is one to give back.
  await page.getByRole("link", { name: "← Wyciąg z banku" }).click();
  const tooLittle = page.getByTestId("line-to-check").filter({ hasText: `Zamówienie ${third.number}` });
  await expect(tooLittle.getByTestId("line-reason")).toHaveText(`Kwota mniejsza niż cena zamówienia ${third.number} o 9 zł.`);
  const twice = page.getByTestId("line-to-check").filter({ hasText: `${first.number} drugi raz` });
  await expect(twice.getByTestId("line-reason")).toContainText(`Zamówienie ${first.number} było już opłacone`);
  const noCode = page.getByTestId("line-to-check").filter({ hasText: `C. ${thirdSurname.toUpperCase()}` });
  await expect(noCode.getByTestId("line-reason")).toHaveText(
    `Tytuł nie zawiera numeru zamówienia. Kwota i nazwisko pasują do: ${third.number}.`,
  );
  await expect(noCode.getByLabel("Numer zamówienia")).toHaveValue(third.number);
  await expectNoSidewaysScroll(page);

  // A mistyped number is refused with what was typed kept; the right one marks the order paid.
  const number = tooLittle.getByLabel("Numer zamówienia");
  await number.clear();
  await number.pressSequentially("AE-2099-999999");
  await tooLittle.getByRole("button", { name: "Przypisz do zamówienia" }).click();
  const refusedLine = page.getByTestId("line-to-check").filter({ hasText: `Zamówienie ${third.number}` });
  await expect(refusedLine.getByRole("alert")).toHaveText("Nie ma zamówienia AE-2099-999999.");
  await expect(refusedLine.getByLabel("Numer zamówienia")).toHaveValue("AE-2099-999999");
  await refusedLine.getByLabel("Numer zamówienia").clear();
  await refusedLine.getByLabel("Numer zamówienia").pressSequentially(third.number.toLowerCase());
  await refusedLine.getByRole("button", { name: "Przypisz do zamówienia" }).click();
  await expect(page.getByTestId("statement-notice")).toHaveText(
    `Wpłatę przypisano do zamówienia ${third.number}; zamówienie jest opłacone.`,
  );
  await expect(page.getByTestId("line-to-check").filter({ hasText: `Zamówienie ${third.number}` })).toHaveCount(0);
  // The same person's transfer without a code is theirs to skip now that the order is paid.
  await page
    .getByTestId("line-to-check")
    .filter({ hasText: `C. ${thirdSurname.toUpperCase()}` })
    .getByRole("button", { name: "Pomiń" })
    .click();
  await expect(page.getByTestId("statement-notice")).toHaveText("Wpłatę pominięto.");
  await page
    .getByTestId("line-to-check")
    .filter({ hasText: `${first.number} drugi raz` })
    .getByRole("button", { name: "Zwrot do wykonania" })
    .click();
  await expect(page.getByTestId("refund-to-do").filter({ hasText: `${first.number} drugi raz` })).toContainText("299 zł");

  // The same file again: nothing changes, and the page says so.
  await upload(page, `znowu-${tag}.sta`, statement);
  await expect(page.getByTestId("statement-again")).toHaveText("Ten plik był już wczytany. Nic się nie zmieniło.");
  await expect(page.getByTestId("count-paid")).toHaveText("2");

  // The order's history names the statement and its line, once.
  await openOrder(page, first.number);
  await expect(page.getByText(/wyciąg: wyciag-.*\.sta; z dnia: .*; pozycja: 1/)).toHaveCount(1);
  await openOrder(page, third.number);
  await expect(page.getByText(/wyciąg: wyciag-.*\.sta; z dnia: .*; pozycja: 3/)).toHaveCount(1);

  // A web page saved as .csv is refused in Polish, and nothing is read.
  await upload(page, "historia.csv", "<!DOCTYPE html><html><body><table><tr><td>299,00</td></tr></table></body></html>");
  await expect(page.getByTestId("statement-error")).toContainText("To jest strona internetowa (HTML), a nie wyciąg");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/bank-statements");
  await expectNoSidewaysScroll(page);
});
