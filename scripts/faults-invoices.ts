// npm run test:faults, FAULT_ONLY=invoices: orders that asked for an invoice are paid through
// Przelewy24's stand-in (its notifications at random moments) while the site is killed -9 three
// times, with KSeF's stand-in not answering: the site signs in with a type 1 certificate and holds a
// type 2 one, so the business invoices go out offline (KOD II) as they are issued (docs/decisions/056).
// Then KSeF answers again and the site is killed -9 twice more while it sends them, each kill right
// after KSeF numbered one. Every paid order that asked has exactly one invoice, the numbers run
// without a gap, each invoice e-mail goes under one Message-ID (a copy sent again after a kill keeps
// it), every business invoice went out offline with its KOD II and ends with a KSeF number, no KSeF
// number is recorded twice, and KSeF receives each invoice once, marked offline.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { stopOwnSite, waitUntilUp } from "../tests/e2e/support/own-server";
import { ksefSettingsFor, startKsefStandIn, TEST_KSEF } from "../tests/support/ksef-stand-in-process";
import { startPrzelewy24StandIn, TEST_P24 } from "../tests/support/p24-stand-in-process";
import { startSmtpServer } from "../tests/support/smtp-server.mjs";
import { mailFigures, sqliteRows } from "./faults-sqlite";

type Record = (check: string, goal: string, measured: string, pass: boolean) => void;
type Options = { port: number; startSite: (env: { [name: string]: string }) => ChildProcess; record: Record; random: () => number };

const ORDERS = 32;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function invoicesUnderKill({ port, startSite, record, random }: Options): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const received: Array<{ messageId: string }> = [];
  const smtp = await startSmtpServer({ onMessage: (message: { messageId: string }) => received.push(message) });
  const p24 = await startPrzelewy24StandIn();
  const ksef = await startKsefStandIn();
  const databasePath = join(mkdtempSync(join(tmpdir(), "faults-invoices-")), "app.db");
  const env = {
    DATABASE_PATH: databasePath,
    ORDER_TOKEN_SECRET: "faults-invoices-secret-of-at-least-32-characters",
    SMTP_URL: smtp.url,
    RATE_LIMIT_DISABLED: "1",
    P24_MERCHANT_ID: String(TEST_P24.merchantId),
    P24_POS_ID: String(TEST_P24.posId),
    P24_API_KEY: TEST_P24.apiKey,
    P24_CRC: TEST_P24.crc,
    P24_API_URL: p24.url,
    COMPANY_TAX_ID: TEST_KSEF.nip,
    ...ksefSettingsFor(ksef, { offline: true }),
  };
  await ksef.control({ outage: true });
  let site = startSite(env);
  try {
    await waitUntilUp(port, site);
    // Three orders in four ask for an invoice to a business (a NIP buyer, which KSeF takes); each is paid by
    // BLIK, its notification due at a random moment of the next ~8 s.
    const orders: Array<{ number: string; path: string }> = [];
    for (let i = 0; i < ORDERS; i++) {
      const response = await fetch(`${base}/api/accept`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": `invoice-${i}` },
        body: JSON.stringify({
          imie_nazwisko_najemcy: `Invoice ${i}`,
          email: `invoice-${i}@example.com`,
          telefon: "600100200",
          adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
          adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
          rodzaj_oswiadczenia: "regular",
          okres_najmu_dni: 90,
          ...(i % 4 === 3
            ? {}
            : { faktura: { nabywca: `Firma ${i} sp. z o.o.`, adres: "ul. Prosta 2, 00-850 Warszawa", nip: "1234563218" } }),
        }),
      });
      const body = (await response.json()) as { order_number: string; payment_url: string };
      orders.push({ number: body.order_number, path: body.payment_url });
      await fetch(`${p24.url}/__control`, {
        method: "POST",
        body: JSON.stringify({ sessionPrefix: `${body.order_number}-`, delayMs: Math.floor(random() * 8000), notification: "send" }),
      });
    }
    await Promise.all(
      orders.map((order) =>
        fetch(`${base}${order.path}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
          body: "intent=blik&blikCode=777123",
          redirect: "manual",
        }).catch(() => null),
      ),
    );
    for (let kill = 0; kill < 3; kill++) {
      await sleep(1500 + Math.floor(random() * 1500));
      await stopOwnSite(site, "SIGKILL");
      site = startSite(env);
      await waitUntilUp(port, site);
    }

    // KSeF answers again once every business invoice went out offline (or after two minutes); the site is
    // killed right after KSeF numbered a first, and again after a further one, while it sends the rest.
    const businessInvoices = () => sqliteRows(databasePath, "SELECT offline_at, ksef_number FROM ksef_submissions");
    const offlineBy = Date.now() + 120_000;
    while (Date.now() < offlineBy && (businessInvoices().length === 0 || businessInvoices().some((row) => row.offline_at === null)))
      await sleep(1000);
    await ksef.control({ outage: false });
    let killsWhileSending = 0;
    for (let numbered = 1; numbered <= 2; numbered++) {
      const killBy = Date.now() + 240_000;
      while (Date.now() < killBy && businessInvoices().filter((row) => row.ksef_number !== null).length < numbered) await sleep(200);
      await stopOwnSite(site, "SIGKILL");
      killsWhileSending += 1;
      site = startSite(env);
      await waitUntilUp(port, site);
    }

    // Done when no notification is still being retried (the stand-in gives up after 60 tries, 30 s, as
    // Przelewy24 retries for a while) and the outbox, KSeF's lane included, is empty; a claim left by a
    // killed process is taken over after 60 s.
    const charged = async () =>
      (
        (await (await fetch(`${p24.url}/__transactions?sessionPrefix=AE-`)).json()) as Array<{
          status: number;
          notifications: Array<{ status: number }>;
        }>
      ).filter((t) => t.status === 2);
    const answered = (t: { notifications: Array<{ status: number }> }) => t.notifications.some((n) => n.status === 200 || n.status === 400);
    const retrying = (t: { notifications: Array<{ status: number }> }) => !answered(t) && t.notifications.length < 60;
    const pending = () => sqliteRows(databasePath, "SELECT id FROM outbox WHERE status NOT IN ('sent', 'failed')").length;
    // The outbox retries KSeF's messages with its backoff (30 s, doubling), and a killed process's claim is taken over after 60 s.
    const deadline = Date.now() + 420_000;
    let paidAtGateway = await charged();
    while (Date.now() < deadline && (paidAtGateway.some(retrying) || pending() > 0)) {
      await sleep(1000);
      paidAtGateway = await charged();
    }
    const abandoned = paidAtGateway.filter((t) => !answered(t)).length;

    const asked = sqliteRows(
      databasePath,
      `SELECT orders.number AS number, (SELECT count(*) FROM invoices WHERE invoices.order_id = orders.id) AS invoices
       FROM orders JOIN invoice_requests ON invoice_requests.order_id = orders.id WHERE orders.status = 'paid'`,
    );
    const notOne = asked.filter((row) => Number(row.invoices) !== 1);
    const sequence = sqliteRows(
      databasePath,
      "SELECT number_month, number_seq FROM invoices WHERE kind = 'invoice' ORDER BY number_month, number_seq",
    );
    const gaps = sequence.filter(
      (row, index) => Number(row.number_seq) !== index + 1 || row.number_month !== sequence[0]!.number_month,
    ).length;
    const { queued, mailedTwice, unsent, resent } = mailFigures(databasePath, "invoice_issued", received, new URL(base).hostname);
    const atKsef = await ksef.invoices();
    const perNumber = new Map<string, number>();
    for (const invoice of atKsef) perNumber.set(invoice.invoiceNumber, (perNumber.get(invoice.invoiceNumber) ?? 0) + 1);
    const twiceAtKsef = [...perNumber.entries()].filter(([, n]) => n > 1);
    const withKsefNumber = sqliteRows(databasePath, "SELECT id FROM ksef_submissions WHERE ksef_number IS NOT NULL").length;
    const submissions = sqliteRows(databasePath, "SELECT invoice_number, offline_at, certificate_url, ksef_number FROM ksef_submissions");
    const withoutKodII = submissions.filter(
      (row) => row.offline_at === null || !String(row.certificate_url ?? "").includes("/certificate/Nip/"),
    );
    const distinctKsefNumbers = new Set(submissions.map((row) => row.ksef_number).filter(Boolean)).size;
    const sentOnline = atKsef.filter((invoice) => !invoice.offlineMode).length;
    console.log(
      `invoices under kill -9 (3 while issuing offline, ${killsWhileSending} while sending): ${submissions.length} business invoices, ${submissions.length - withoutKodII.length} out offline with KOD II, ${sentOnline} received by KSeF not marked offline; ${paidAtGateway.length} charged (${abandoned} notifications given up by the stand-in while the site restarted), ${asked.length} paid orders that asked, ${sequence.length} invoices (${sequence[0]?.number_seq ?? "-"}…${sequence.at(-1)?.number_seq ?? "-"}), ${queued} invoice e-mails queued, ${queued - unsent} delivered (${resent} again after a kill, same Message-ID); KSeF: ${atKsef.length} received for ${perNumber.size} numbers, ${withKsefNumber} KSeF numbers recorded`,
    );
    record(
      "invoices, kill -9 x5: paid orders that asked without exactly one invoice",
      "0",
      `${notOne.length} of ${asked.length}`,
      notOne.length === 0 && asked.length > 0,
    );
    record(
      "invoices, kill -9 x5: gaps in the numbers",
      "0",
      `${gaps} of ${sequence.length}`,
      gaps === 0 && sequence.length === asked.length,
    );
    record(
      "invoices, kill -9 x5: invoice e-mails under a second Message-ID, or not sent",
      "0",
      `${mailedTwice} orders mailed twice, ${unsent} of ${queued} not sent`,
      mailedTwice === 0 && unsent === 0 && queued === asked.length,
    );
    record(
      "invoices, kill -9 x5: invoices KSeF received twice",
      "0",
      `${twiceAtKsef.length} (${twiceAtKsef.map(([number, n]) => `${number} x${n}`).join(", ") || "none"}); ${perNumber.size} of ${sequence.length} sent`,
      twiceAtKsef.length === 0 && perNumber.size === sequence.length,
    );
    record(
      "invoices, kill -9 x5: business invoices not out offline with KOD II while KSeF was down, or without a KSeF number at the end",
      "0",
      `${withoutKodII.length} without KOD II, ${submissions.length - withKsefNumber} without a number, of ${submissions.length}`,
      withoutKodII.length === 0 && withKsefNumber === submissions.length && submissions.length > 0,
    );
    record(
      "invoices, kill -9 x5: KSeF numbers recorded twice, or invoices sent to KSeF not marked offline",
      "0",
      `${withKsefNumber - distinctKsefNumbers} twice, ${sentOnline} not marked offline`,
      distinctKsefNumbers === withKsefNumber && sentOnline === 0,
    );
  } finally {
    await stopOwnSite(site, "SIGTERM");
    await ksef.stop();
    await p24.stop();
    await smtp.stop();
  }
}
