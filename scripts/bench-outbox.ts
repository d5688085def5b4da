// The outbox's throughput: N queued messages (half confirmations with three PDFs, half
// operator notices) sent to a real SMTP server on 127.0.0.1. Prints messages per second.
// Usage: npm run bench:outbox   (BENCH_MESSAGES, default 1000)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "~/db/db.server";
import { documentsOnThisThread } from "~/jobs/document-thread.server";
import { createDeliver } from "~/jobs/mail-worker.server";
import { createMailTransport } from "~/mail/transport.server";
import { acceptOrder } from "~/order/order.server";
import { startOutboxWorker } from "~/outbox/outbox.server";
import { startSmtpServer } from "../tests/support/smtp-server.mjs";

const total = Number(process.env.BENCH_MESSAGES ?? 1000);
const db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "bench-outbox-")), "app.db") });
const smtp = await startSmtpServer();

const orders = Math.ceil(total / 2);
for (let index = 0; index < orders; index++) {
  await acceptOrder(db, {
    details: {
      declarationType: index % 2 ? "regular" : "notarized",
      tenantName: `Bench ${index}`,
      tenantNameOriginal: null,
      coResidents: [],
      landlordName: null,
      startDate: null,
      email: `bench${index}@example.com`,
      phone: "600100200",
      propertyAddress: "ul. Długa 5/3, 70-001 Szczecin",
      mailingAddress: "ul. Krótka 1, 00-001 Warszawa",
      propertyParts: null,
      mailingParts: null,
      additionalInfo: null,
      rentalPeriodDays: 90,
      immediatePerformanceRequested: index % 3 === 0,
    },
    variant: "automatic",
    channel: "api",
    locale: (["pl", "en", "uk", "ru"] as const)[index % 4]!,
    idempotencyKey: `bench-${index}`,
    dataProcessingConsentAt: new Date(),
    now: new Date(),
  });
}
const queued = Number(
  (
    await db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow()
  ).n,
);

const worker = startOutboxWorker({
  db,
  deliver: createDeliver(
    db,
    createMailTransport({ smtpUrl: smtp.url, from: "Bench <bench@example.com>", mailDir: "unused" }),
    documentsOnThisThread,
  ),
  pollMs: 60_000,
  log: () => undefined,
});
const started = performance.now();
const sent = await worker.drain();
const seconds = (performance.now() - started) / 1000;
await worker.stop();
await smtp.waitFor(() => smtp.messages.length >= sent, 10_000);
console.log(
  `outbox: ${queued} queued, ${sent} sent, ${smtp.messages.length} received by SMTP in ${seconds.toFixed(1)} s: ${(sent / seconds).toFixed(1)} messages/s (one worker, confirmations with 3 PDFs each)`,
);
await smtp.stop();
await db.destroy();
process.exit(sent === queued && smtp.messages.length === queued ? 0 : 1);
