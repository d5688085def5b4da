import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { MessageChannel } from "node:worker_threads";
import { afterEach, beforeEach, expect, it } from "vitest";
import { pdfTextOf } from "../../tests/support/pdf-text";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { DownloadGoneError } from "~/documents/document-queue.server";
import { documentThreadOver, serveDocumentJobs, startDocumentThread } from "./document-thread.server";

let db: AppDatabase;
let channel: MessageChannel;
beforeEach(async () => {
  db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), "document-thread-")), "app.db") });
  channel = new MessageChannel();
});
afterEach(async () => {
  channel.port1.close();
  await db.destroy();
});

async function anOrder(): Promise<OrderRow> {
  const { order } = await placeSampleOrder(db, new Date(), {
    details: { tenantName: "Olena Kovalenko", tenantNameOriginal: "Олена Коваленко" },
    locale: "uk",
    idempotencyKey: `thread-${Math.random()}`,
  });
  return order;
}

it("a confirmation's PDFs come back through the messages, in the order's language", async () => {
  serveDocumentJobs(channel.port2);
  const documents = documentThreadOver(channel.port1);
  const order = await anOrder();

  const attachments = await documents.confirmationAttachments(order, PLACEHOLDER_COMPANY);

  expect(attachments.map((attachment) => attachment.contentType)).toEqual(["application/pdf", "application/pdf", "application/pdf"]);
  expect(attachments[0]!.filename).toContain(order.number);
  expect(Buffer.isBuffer(attachments[0]!.content)).toBe(true);
  const agreement = await pdfTextOf(attachments[0]!.content);
  expect(agreement).toContain("Olena Kovalenko (Олена Коваленко)");
  expect(agreement).toContain(order.number);
  expect(await pdfTextOf(attachments[2]!.content)).toContain("Зразок форми відмови від договору");
});

it("a job that fails is answered with its error, and the next one is drawn", async () => {
  serveDocumentJobs(channel.port2);
  const documents = documentThreadOver(channel.port1);
  const order = await anOrder();

  await expect(
    documents.confirmationAttachments({ ...order, contract_text: null as unknown as string }, PLACEHOLDER_COMPANY),
  ).rejects.toThrow();
  expect(await documents.confirmationAttachments(order, PLACEHOLDER_COMPANY)).toHaveLength(3);
});

it("a thread that exits fails its job instead of leaving it waiting, and the next job starts a thread again", async () => {
  const script = join(mkdtempSync(join(tmpdir(), "document-thread-")), "exits.mjs");
  writeFileSync(script, "process.exit(3);\n");
  const documents = startDocumentThread(pathToFileURL(script));
  const order = await anOrder();

  await expect(documents.confirmationAttachments(order, PLACEHOLDER_COMPANY)).rejects.toThrow("the document thread exited with 3");
  await expect(documents.confirmationAttachments(order, PLACEHOLDER_COMPANY)).rejects.toThrow("the document thread exited with 3");
});

it("the agreement a customer downloads comes back through the messages, named in the order's language", async () => {
  serveDocumentJobs(channel.port2);
  const documents = documentThreadOver(channel.port1);
  const order = await anOrder();

  const agreement = await documents.agreement(order, PLACEHOLDER_COMPANY);

  expect(agreement.filename).toContain(order.number);
  expect(agreement.contentType).toBe("application/pdf");
  expect(await pdfTextOf(agreement.content)).toContain("Olena Kovalenko (Олена Коваленко)");
});

it("draws none of one client's downloads dropped before their turn; another visitor's download and a confirmation come back meanwhile", async () => {
  serveDocumentJobs(channel.port2);
  let drawn = 0;
  channel.port2.on("message", () => (drawn += 1));
  const documents = documentThreadOver(channel.port1);
  const order = await anOrder();

  // 50 requests from one address, each gone moments after it was sent (as a client that closes the connection).
  const flood = Array.from({ length: 50 }, () => {
    const request = new AbortController();
    const pdf = documents.agreement(order, PLACEHOLDER_COMPANY, { client: "10.66.0.1", signal: request.signal });
    request.abort();
    return pdf;
  });
  const other = documents.agreement(order, PLACEHOLDER_COMPANY, { client: "10.77.0.1", signal: new AbortController().signal });
  const confirmation = documents.confirmationAttachments(order, PLACEHOLDER_COMPANY);

  const outcomes = await Promise.allSettled(flood);
  expect((await other).filename).toContain(order.number);
  expect(await confirmation).toHaveLength(3);
  // Only the first of the flood was already on the thread when its request went; the rest were never drawn.
  expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
  expect(outcomes.slice(1).every((outcome) => outcome.status === "rejected" && outcome.reason instanceof DownloadGoneError)).toBe(true);
  expect(drawn).toBe(3);
});
