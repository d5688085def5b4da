import { expect, test } from "@playwright/test";
import { createOperator, openOrder, signIn, uniqueOperatorEmail, useOwnClientAddress } from "./support/admin";
import { fillOrderForm, inDays, randomLetters, validOrder } from "./support/order";
import { HTTP_ONLY, pathFor, strings } from "./support/site";

/** Names as in the passport, in Latin letters; the Cyrillic spelling beside them; the co-residents the declaration covers. */
test.describe("names in the binding Polish text", () => {
  let operator: string;
  test.beforeAll(({}, testInfo) => {
    operator = uniqueOperatorEmail(`names-${testInfo.project.name}`);
    createOperator(operator);
  });

  test("a Cyrillic name in the Latin field is refused in the page's language; the Latin form goes into the Polish text, each original beside", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const order = strings("uk", "order");
    const surname = `Kovalenko ${randomLetters()}`;
    const data = { ...validOrder(testInfo.project.name), startDate: inDays(60), tenantName: "Олена Коваленко" };
    await page.goto(pathFor("order", "uk"));
    await fillOrderForm(page, data);
    // A co-resident only in Cyrillic: the message shows the Latin name with the original in brackets.
    await page.locator("#field-coResidents").pressSequentially("Тарас Коваленко");
    await page.getByRole("button", { name: order.form.preview }).click();
    await expect(page.locator("#field-tenantName-error")).toHaveText(order.validation.latinName);
    await expect(page.getByTestId("error-summary")).toContainText(order.validation.latinName);
    await expect(page.locator("#field-tenantName")).toHaveValue("Олена Коваленко");
    await expect(page.locator("#field-coResidents-error")).toHaveText(order.validation.coResidentLine);
    await expect(page.locator("#field-coResidents")).toHaveValue("Тарас Коваленко");
    await expect(page.locator("#field-coResidents-description")).toContainText(order.form.coResidentsOriginalHint);

    // As a person types it, key by key, on a phone.
    const latin = `Olena ${surname}`;
    await page.locator("#field-tenantName").fill("");
    await page.locator("#field-tenantName").pressSequentially(latin);
    await page.locator("#field-tenantNameOriginal").pressSequentially("Олена Коваленко");
    await page.locator("#field-coResidents").fill("");
    await page.locator("#field-coResidents").pressSequentially("Taras Kovalenko (Тарас Коваленко)");
    await page.locator("#field-coResidents").press("Enter");
    await page.locator("#field-coResidents").pressSequentially("Marta Kovalenko");
    await page.getByRole("button", { name: order.form.preview }).click();
    await expect(page.getByTestId("contract")).toContainText(`${latin} (Олена Коваленко)`);
    await expect(page.getByTestId("contract")).toContainText("Taras Kovalenko (Тарас Коваленко), Marta Kovalenko");
    const binding = page.getByTestId("binding-contract").locator("article[lang=pl]");
    await expect(binding).toContainText(`Najemca: ${latin} (Олена Коваленко)`);
    await expect(binding).toContainText(
      "Osoby zamieszkujące z Najemcą, wymienione w Oświadczeniu: Taras Kovalenko (Тарас Коваленко), Marta Kovalenko",
    );

    await page.locator("#field-acceptTerms").check();
    await page.getByRole("button", { name: order.preview.order }).click();
    await expect(page).toHaveURL(/\/uk\/payment\//);
    const number = await page.getByTestId("order-number").innerText();

    await useOwnClientAddress(page);
    await signIn(page, operator);
    await openOrder(page, number);
    await expect(page.getByTestId("admin-tenant-name")).toHaveText(latin);
    await expect(page.getByTestId("admin-tenant-name-original")).toHaveText("Олена Коваленко");
    await expect(page.getByTestId("admin-co-residents")).toHaveText("Taras Kovalenko (Тарас Коваленко), Marta Kovalenko");
  });

  test("a sixth co-resident is refused with a message, the typed names kept", async ({ page }, testInfo) => {
    const order = strings("pl", "order");
    const six = ["Anna Ab", "Bartosz Bc", "Celina Cd", "Dawid De", "Ewa Ef", "Filip Fg"].join("\n");
    await page.goto(pathFor("order", "pl"));
    await fillOrderForm(page, { ...validOrder(testInfo.project.name), startDate: inDays(60) });
    await page.locator("#field-coResidents").fill(six);
    await page.getByRole("button", { name: order.form.preview }).click();
    await expect(page.locator("#field-coResidents-error")).toHaveText(order.validation.coResidentsTooMany);
    await expect(page.locator("#field-coResidents")).toHaveValue(six);
  });

  test(
    "the JSON API refuses a Cyrillic tenant name with a field message, and takes the original spelling beside the Latin one",
    HTTP_ONLY,
    async ({ request }) => {
      const body = {
        email: "olena@example.com",
        telefon: "600100200",
        adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
        adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
        rodzaj_oswiadczenia: "regular",
        okres_najmu_dni: 90,
      };
      const refused = await request.post("/api/preview", { data: { ...body, imie_nazwisko_najemcy: "Олена Коваленко" } });
      expect(refused.status()).toBe(400);
      const answer = (await refused.json()) as { success: boolean; fieldErrors?: Record<string, string> };
      expect(answer.success).toBe(false);
      expect(answer.fieldErrors?.imie_nazwisko_najemcy).toBe(strings("pl", "order").validation.nonLatinLetters);
      const preview = await request.post("/api/preview", {
        data: {
          ...body,
          imie_nazwisko_najemcy: "Olena Kovalenko",
          imie_nazwisko_najemcy_oryginalne: "Олена Коваленко",
          osoby_wspolzamieszkujace: ["Taras Kovalenko"],
        },
      });
      expect(preview.status()).toBe(200);
      const { html } = (await preview.json()) as { html: string };
      expect(html).toContain("Najemca: Olena Kovalenko (Олена Коваленко)");
      expect(html).toContain("Taras Kovalenko");
    },
  );
});
