import { spawnSync } from "node:child_process";
import { expect, type APIRequestContext, type Cookie, type Page } from "@playwright/test";
import { PERIOD_SECONDS, secretOfUri, timeStepAt, totpCode } from "../../support/authenticator";

/** A password long enough for the CLI (12+ characters). */
export const OPERATOR_PASSWORD = "Tajne hasło operatora 2026";

/** What `npm run operator -- add` printed once: the authenticator's secret (from the otpauth:// address) and the recovery codes. */
export type Enrolment = { secret: string; recoveryCodes: string[] };
const enrolments = new Map<string, Enrolment>();

/** Reads the enrolment the command line prints, as the operator's phone reads the QR code. */
export function enrolmentOf(output: string): Enrolment {
  const uri = /^otpauth:\/\/totp\/\S+$/m.exec(output)?.[0];
  if (!uri) throw new Error(`no otpauth:// address in the output:\n${output}`);
  const recoveryCodes = [...output.matchAll(/^ {2}([2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5})$/gm)].map((match) => match[1]!);
  return { secret: secretOfUri(uri), recoveryCodes };
}

/**
 * Creates an operator the way the business does: `npm run operator -- add`, the password on
 * stdin. The suite's authenticator keeps the secret it printed, so signIn can give the codes.
 * `databasePath`: a spec's own site's database, instead of the suite's.
 */
export function createOperator(email: string, password = OPERATOR_PASSWORD, databasePath = process.env.E2E_DATABASE_PATH): Enrolment {
  const result = spawnSync("npm", ["run", "-s", "operator", "--", "add", email], {
    input: `${password}\n`,
    env: { ...process.env, DATABASE_PATH: databasePath },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`npm run operator failed: ${result.stderr}${result.stdout}`);
  // The password never reaches the output.
  expect(`${result.stdout}${result.stderr}`).not.toContain(password);
  const enrolment = enrolmentOf(result.stdout);
  enrolments.set(email, enrolment);
  return enrolment;
}

/** `npm run operator -- reset-2fa`: a new secret replaces the one this worker's authenticator held. */
export function resetSecondFactor(email: string): Enrolment {
  const result = spawnSync("npm", ["run", "-s", "operator", "--", "reset-2fa", email], {
    env: { ...process.env, DATABASE_PATH: process.env.E2E_DATABASE_PATH },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`npm run operator failed: ${result.stderr}${result.stdout}`);
  const enrolment = enrolmentOf(result.stdout);
  enrolments.set(email, enrolment);
  lastStepUsed.delete(email);
  keptSessions.delete(email);
  return enrolment;
}

/** The newest time step whose code this worker has typed for each operator: the site takes each code once. */
const lastStepUsed = new Map<string, number>();

/**
 * The code the operator's app shows now, computed from the secret just before it is typed. The
 * site accepts one step of drift and each code once, so a second sign-in within the same half
 * minute types the next step's code; when both are spent, it waits for the app's next code, as a
 * person would.
 */
export async function currentCode(email: string): Promise<string> {
  const enrolment = enrolments.get(email);
  if (!enrolment) throw new Error(`no enrolment of ${email} in this worker: create it with createOperator`);
  const now = timeStepAt(Date.now());
  const step = Math.max(now, (lastStepUsed.get(email) ?? -1) + 1);
  if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * PERIOD_SECONDS * 1000 - Date.now() + 50));
  lastStepUsed.set(email, step);
  return totpCode(enrolment.secret, step);
}

/** The session each operator's browser keeps after a sign-in in this worker, as a browser keeps it for 8 hours. */
const keptSessions = new Map<string, Cookie>();
export const CODE_LABEL = "Kod z aplikacji (6 cyfr)";

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

/**
 * Signs in as a person does: the credentials typed key by key, then, when the site asks for it,
 * the code from the authenticator app. A refused password leaves the page as the site answered.
 *
 * An operator at work signs in once and keeps the session: with the right password and a session
 * this worker's earlier sign-in left (not signed out since), the browser presents it and the
 * login page sends it on, as an operator's own browser would within 8 hours. This spares the
 * suite a wait for a fresh code in every test; `{ fresh: true }` types both steps every time, for
 * the tests about signing in itself.
 */
export async function signIn(page: Page, email: string, password = OPERATOR_PASSWORD, { fresh = false } = {}): Promise<void> {
  const kept = keptSessions.get(email);
  if (kept && !fresh && password === OPERATOR_PASSWORD) {
    await page.context().addCookies([kept]);
    await page.goto(page.url().includes("/admin/login") ? page.url() : "/admin/login");
    if (!new URL(page.url()).pathname.startsWith("/admin/login")) return;
    keptSessions.delete(email);
  }
  if (!page.url().includes("/admin/login")) await page.goto("/admin/login");
  await page.getByLabel("E-mail").pressSequentially(email);
  await page.getByLabel("Hasło").pressSequentially(password);
  await page.getByRole("button", { name: "Zaloguj się" }).click();
  const codeField = page.getByLabel(CODE_LABEL);
  await expect(codeField.or(page.getByTestId("sign-in-error"))).toBeVisible();
  if (!(await codeField.isVisible())) return;
  await codeField.pressSequentially(await currentCode(email));
  await page.getByRole("button", { name: "Potwierdź kod" }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "adres_admin");
  if (session) keptSessions.set(email, session);
}

/** An order placed through the JSON API, in the customer's language. */
export async function placeOrder(
  request: APIRequestContext,
  fields: {
    name: string;
    originalName?: string;
    email?: string;
    phone?: string;
    locale?: string;
    earlyStart?: boolean;
    /** The JSON API's `faktura`: an invoice asked for with the order. */
    invoice?: { nabywca: string; adres: string; nip?: string };
  },
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
      ...(fields.invoice ? { faktura: fields.invoice } : {}),
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

/**
 * `npm run operator -- unlock`: lifts the lock of too many wrong codes, with a new password on stdin
 * (docs/decisions/060). The session this worker kept for the operator ends with it.
 */
export function unlockOperator(email: string, newPassword: string): string {
  const result = spawnSync("npm", ["run", "-s", "operator", "--", "unlock", email], {
    input: `${newPassword}\n`,
    env: { ...process.env, DATABASE_PATH: process.env.E2E_DATABASE_PATH },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`npm run operator failed: ${result.stderr}${result.stdout}`);
  expect(`${result.stdout}${result.stderr}`).not.toContain(newPassword);
  keptSessions.delete(email);
  return result.stdout;
}
