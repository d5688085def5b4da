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
