import { spawnSync } from "node:child_process";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** A password long enough for the CLI (12+ characters). */
export const OPERATOR_PASSWORD = "Tajne hasło operatora 2026";

/** Creates an operator the way the business does: `npm run operator -- add`, the password on stdin. */
export function createOperator(email: string, password = OPERATOR_PASSWORD): void {
  const result = spawnSync("npm", ["run", "-s", "operator", "--", "add", email], {
    input: `${password}\n`,
    env: { ...process.env, DATABASE_PATH: process.env.E2E_DATABASE_PATH },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`npm run operator failed: ${result.stderr}${result.stdout}`);
  // The password never reaches the output.
  expect(`${result.stdout}${result.stderr}`).not.toContain(password);
}

let addressCounter = 0;
/**
 * Each test signs in from its own address (the e2e server trusts one proxy hop), as separate
 * operators at separate desks would; a lockout then stays inside the test that caused it.
 */
export async function useOwnClientAddress(page: Page): Promise<string> {
  addressCounter += 1;
  const address = `10.${process.pid % 250}.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return address;
}

export function uniqueOperatorEmail(tag: string): string {
  return `op-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@adres.test`;
}

/** Types the credentials key by key and submits, as a person does. */
export async function signIn(page: Page, email: string, password = OPERATOR_PASSWORD): Promise<void> {
  if (!page.url().includes("/admin/login")) await page.goto("/admin/login");
  await page.getByLabel("E-mail").pressSequentially(email);
  await page.getByLabel("Hasło").pressSequentially(password);
  await page.getByRole("button", { name: "Zaloguj się" }).click();
}

/** An order placed through the JSON API, in the customer's language. */
export async function placeOrder(
  request: APIRequestContext,
  fields: { name: string; originalName?: string; email?: string; phone?: string; locale?: string; earlyStart?: boolean },
) {
  const response = await request.post("/api/accept", {
    data: {
      imie_nazwisko_najemcy: fields.name,
      ...(fields.originalName ? { imie_nazwisko_najemcy_oryginalne: fields.originalName } : {}),
      email: fields.email ?? "klient@example.com",
      telefon: fields.phone ?? "600100200",
      adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
      adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
      rodzaj_oswiadczenia: "regular",
      okres_najmu_dni: 90,
      jezyk: fields.locale ?? "pl",
      ...(fields.earlyStart ? { zgoda_na_natychmiastowe_wykonanie: true } : {}),
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { order_number: string; payment_url: string };
  return { number: body.order_number, paymentPath: body.payment_url };
}

/** Opens an order's detail page from the list, found by its number. */
export async function openOrder(page: Page, number: string): Promise<void> {
  await page.goto(`/admin?q=${encodeURIComponent(number)}`);
  await page.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Zamówienie ${number}`);
}
