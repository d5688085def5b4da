import type { ChildProcess } from "node:child_process";
import { expect, type Browser } from "@playwright/test";
import Database from "better-sqlite3";
import { TEST_KSEF } from "../../support/ksef-stand-in-process";
import { createOperator, signIn, uniqueOperatorEmail } from "./admin";
import { startOwnSite, waitUntilUp } from "./own-server";

/** A NIP buyer, as the order's JSON API takes it. */
const BUYER = { nabywca: "Kowalski & Syn sp. j.", adres: "ul. Krzywa 2/4, 60-001 Poznań", nip: "779-101-13-27" };

/**
 * A KSeF spec's own site (docs/decisions/050, 056) on `port` with `ksefSettings`, an operator who
 * signed in earlier in the day (the test's sign-in finds the session this browser kept), and an
 * order with a NIP buyer's invoice request, placed through the JSON API and marked paid in the
 * database, ready for the operator to issue its invoice.
 */
export async function startKsefSite(
  browser: Browser,
  { port, databasePath, ksefSettings, name }: { port: number; databasePath: string; ksefSettings: Record<string, string>; name: string },
): Promise<{ site: ChildProcess; operator: string; order: { number: string; paymentPath: string } }> {
  const site = startOwnSite(port, {
    DATABASE_PATH: databasePath,
    RATE_LIMIT_EXEMPT: "127.0.0.1",
    ...ksefSettings,
    COMPANY_TAX_ID: TEST_KSEF.nip,
  });
  await waitUntilUp(port, site);
  const operator = uniqueOperatorEmail(name);
  createOperator(operator, undefined, databasePath);
  const desk = await browser.newPage({ baseURL: `http://127.0.0.1:${port}` });
  await signIn(desk, operator);
  await desk.close();

  const response = await fetch(`http://127.0.0.1:${port}/api/accept`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": name },
    body: JSON.stringify({
      imie_nazwisko_najemcy: "Jan Kowalski",
      email: "jan.kowalski@example.com",
      telefon: "600100200",
      adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
      adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
      rodzaj_oswiadczenia: "regular",
      okres_najmu_dni: 90,
      jezyk: "pl",
      faktura: BUYER,
    }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { order_number: string; payment_url: string };
  const db = new Database(databasePath, { fileMustExist: true, timeout: 5_000 });
  try {
    db.prepare("UPDATE orders SET status = 'paid', paid_at = ? WHERE number = ?").run(new Date().toISOString(), body.order_number);
  } finally {
    db.close();
  }
  return { site, operator, order: { number: body.order_number, paymentPath: body.payment_url } };
}
