import { expect, test, type Page } from "@playwright/test";
import {
  CODE_LABEL,
  createOperator,
  currentCode,
  OPERATOR_PASSWORD,
  signIn,
  uniqueOperatorEmail,
  unlockOperator,
  useOwnClientAddress,
} from "./support/admin";
import { waitForMail } from "./support/mail";

/**
 * The operator's second factor as a person meets it (issue 44 items 5 and 23), in both projects
 * (the back office has no JavaScript), on a phone and on a desk's screen: the code typed as the
 * app shows it, and the limits that stop someone who knows the password from guessing the code.
 */
const WIDTHS = [390, 1280] as const;

async function passwordStep(page: Page, email: string, password = OPERATOR_PASSWORD) {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").pressSequentially(email);
  await page.getByLabel("Hasło").pressSequentially(password);
  await page.getByRole("button", { name: "Zaloguj się" }).click();
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel(CODE_LABEL).pressSequentially(code);
  await page.getByRole("button", { name: "Potwierdź kod" }).click();
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Six digits that are not the app's code for now or the half minutes either side. */
const wrongCode = (i: number) => String(100_003 + i * 7).padStart(6, "0");

test.describe("the operator's second factor", () => {
  test('the code field has the cursor, and takes the code as the app shows it ("602 772") or a recovery code with its spaces', async ({
    page,
  }, testInfo) => {
    const operator = uniqueOperatorEmail(`code-${testInfo.project.name}`);
    const { recoveryCodes } = createOperator(operator);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await useOwnClientAddress(page);
      await passwordStep(page, operator);
      const field = page.getByLabel(CODE_LABEL);
      await expect(field).toBeFocused();
      await expectNoSidewaysScroll(page, width);
      if (width === 390) {
        const code = await currentCode(operator);
        // Typed key by key into the focused field, as a person copies it from the app.
        await page.keyboard.type(`${code.slice(0, 3)} ${code.slice(3)}`);
        await expect(field).toHaveValue(`${code.slice(0, 3)} ${code.slice(3)}`);
        await page.getByRole("button", { name: "Potwierdź kod" }).click();
      } else {
        // A recovery code in the app's field, in lower case with a space for its hyphen.
        await typeCode(page, recoveryCodes[0]!.toLowerCase().replace("-", " "));
      }
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByTestId("admin-operator")).toHaveText(operator);
      await page.getByRole("button", { name: "Wyloguj" }).click();
      await expect(page.getByText("Wylogowano.")).toBeVisible();
    }
  });

  test("five wrong codes end the sign-in; ten lock the account, its owner is e-mailed, and only `unlock` with a new password opens it", async ({
    page,
  }, testInfo) => {
    const operator = uniqueOperatorEmail(`lock-${testInfo.project.name}`);
    createOperator(operator);
    let guess = 0;
    for (const width of WIDTHS) {
      // Each round from another address, as the testers' 100 addresses: the per-address lockout does not come into it.
      await page.setViewportSize({ width, height: 900 });
      await useOwnClientAddress(page);
      await passwordStep(page, operator);
      for (let i = 1; i < 5; i++) {
        await typeCode(page, wrongCode(guess++));
        await expect(page.getByText("Nieprawidłowy albo już użyty kod.")).toBeVisible();
        // The answer's own page, with an empty field, before the next guess is typed.
        await expect(page.getByLabel(CODE_LABEL)).toHaveValue("");
      }
      await typeCode(page, wrongCode(guess++));
      // The half-made session is gone: the sign-in starts again at the password, saying why.
      await expect(page).toHaveURL(/\/admin\/login\?.*ended=/);
      await expect(page.getByLabel(CODE_LABEL)).toHaveCount(0);
      await expectNoSidewaysScroll(page, width);
      if (width === 390)
        await expect(page.getByTestId("sign-in-ended")).toHaveText(
          "Wpisano 5 błędnych kodów, więc to logowanie zakończyliśmy. Zaloguj się ponownie, zaczynając od hasła. " +
            "Po 10 błędnych kodach od ostatniego udanego logowania konto zostanie zablokowane.",
        );
      else
        await expect(page.getByTestId("sign-in-ended")).toContainText(
          "To konto jest zablokowane: po poprawnym haśle wpisano 10 błędnych kodów",
        );
    }
    const [mail] = await waitForMail((m) => m.to.includes(operator) && m.subject === `Konto ${operator} w panelu obsługi zablokowane`);
    expect(mail!.text).toContain("po poprawnym haśle wpisano 10 błędnych kodów");
    expect(mail!.text).toContain(`npm run operator -- unlock ${operator}`);

    // The right password, from a third address: the lock is said plainly, and no code is asked for.
    await useOwnClientAddress(page);
    await passwordStep(page, operator);
    await expect(page.getByTestId("sign-in-error")).toContainText("npm run operator -- unlock <e-mail>");
    await expect(page.getByLabel(CODE_LABEL)).toHaveCount(0);

    const newPassword = "Nowe hasło po blokadzie 2026";
    expect(unlockOperator(operator, newPassword)).toContain(`Unlocked ${operator}`);
    await passwordStep(page, operator);
    await expect(page.getByTestId("sign-in-error")).toHaveText("Nieprawidłowy e-mail lub hasło.");
    await page.getByLabel("E-mail").clear();
    await signIn(page, operator, newPassword, { fresh: true });
    await expect(page).toHaveURL(/\/admin$/);
  });
});
