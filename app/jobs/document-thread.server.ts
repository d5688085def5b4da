import { isMainThread, parentPort, Worker, workerData, type MessagePort } from "node:worker_threads";
import type { Company } from "~/config/company";
import type { OrderRow } from "~/db/schema";
import { fixedT } from "~/i18n/i18n.server";
import type { MailAttachment } from "~/mail/compose.server";
import { renderPdf, type PdfDocumentInput, type PdfDrawer, type PdfLayout } from "~/documents/pdf.server";
import { invoiceFileName, invoicePdf, type InvoicePdfInput } from "~/invoices/invoice-pdf.server";
import { createDocumentQueue, type Download } from "~/documents/document-queue.server";
import { agreementAttachment, confirmationAttachments, drawSharedDocuments } from "~/documents/order-documents.server";

/**
 * The confirmation's PDFs are drawn on a thread of their own (docs/decisions/038). Laying out
 * and compressing an agreement takes tens of milliseconds of synchronous work; on the request
 * thread, every page asked for meanwhile waited for it, so a burst of orders answered slower
 * while the previous burst's e-mails went out. The thread runs the same bundle (build/index.js,
 * started with the role below), so it draws with the same code, fonts and translations. The main
 * thread keeps the queue (app/documents/document-queue.server.ts, docs/decisions/061) and sends the thread one job
 * at a time: a download whose request has gone is never drawn, one client's downloads are a small
 * share, and the mail worker's documents have a lane of their own.
 */
const ROLE = "documents";

type Job =
  | { kind: "confirmation"; order: OrderRow; company: Company }
  | { kind: "agreement"; order: OrderRow; company: Company }
  | { kind: "shared"; company: Company }
  | { kind: "pdf"; layout: PdfLayout }
  | { kind: "invoice"; input: InvoicePdfInput };
type Request = { id: number; job: Job };
type Reply = { id: number; attachments: MailAttachment[] } | { id: number; error: string };

export type DocumentThread = PdfDrawer & {
  confirmationAttachments(order: OrderRow, company: Company): Promise<MailAttachment[]>;
  /**
   * The accepted agreement a customer downloads (/agreement/:token). With `download` (its client and its
   * request's signal) it is drawn in the downloads' lane: it rejects with DocumentsBusyError when the lane
   * is full or the client has its share, and with DownloadGoneError when the request goes before its turn.
   * Without, in the mail worker's lane.
   */
  agreement(order: OrderRow, company: Company, download?: Download): Promise<MailAttachment>;
  /** The documents every confirmation of a language attaches, drawn in every language (app/jobs/warm-up.server.ts). */
  drawSharedDocuments(company: Company): Promise<void>;
  /** An invoice or a correcting invoice (app/invoices): for its e-mail, or with `download` for a customer's download (as `agreement`). */
  invoicePdf(input: InvoicePdfInput, download?: Download): Promise<MailAttachment>;
};

const inputOf = (layout: PdfLayout): PdfDocumentInput => ({
  ...layout,
  pageLabel: (page, total) => layout.pageLabel.replace("{page}", String(page)).replace("{total}", String(total)),
});

/** The same work on the calling thread: for the tests and the benches that measure the drawing itself. */
export const documentsOnThisThread: DocumentThread = {
  confirmationAttachments: (order, company) => confirmationAttachments(order, company, fixedT(order.locale, "mail")),
  agreement: (order, company) => agreementAttachment(order, company, fixedT(order.locale, "mail")),
  drawSharedDocuments: (company) => drawSharedDocuments(company),
  pdf: (layout) => renderPdf(inputOf(layout)),
  invoicePdf: async (input) => ({
    filename: invoiceFileName(input.invoice),
    content: await invoicePdf(input),
    contentType: "application/pdf",
  }),
};

/** Whether this thread was started to draw documents (server.ts then serves jobs, not HTTP). */
export function isDocumentThread(): boolean {
  return !isMainThread && (workerData as { role?: string } | null)?.role === ROLE;
}

/** Starts the thread from the process's own entry script (`import.meta.url` of build/index.js). */
export function startDocumentThread(entryScript: URL): DocumentThread {
  let worker: Worker | null = null;
  const client = documentJobClient((request) => running().postMessage(request));
  // A thread that died (an exception, out of memory) fails its jobs, and the next job starts another:
  // the outbox retries the message later, as after any failed delivery.
  const running = () => {
    if (worker) return worker;
    const started = new Worker(entryScript, { workerData: { role: ROLE } });
    started.unref();
    started.on("message", client.onReply);
    started.once("exit", (code) => {
      worker = null;
      client.failAll(`the document thread exited with ${code}`);
    });
    started.once("error", (error) => client.failAll(`the document thread failed: ${error.message}`));
    worker = started;
    return started;
  };
  return threadApi(client.send);
}

/** The main thread's side over one end of a MessageChannel (the tests: the same messages, on one thread). */
export function documentThreadOver(port: MessagePort): DocumentThread {
  const client = documentJobClient((request) => port.postMessage(request));
  port.on("message", client.onReply);
  return threadApi(client.send);
}

function documentJobClient(post: (request: Request) => void) {
  const pending = new Map<number, { resolve: (attachments: MailAttachment[]) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  const onReply = (reply: Reply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if ("error" in reply) job.reject(new Error(reply.error));
    else job.resolve(reply.attachments.map((attachment) => ({ ...attachment, content: Buffer.from(attachment.content) })));
  };
  const send = (job: Job) =>
    new Promise<MailAttachment[]>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      try {
        post({ id, job });
      } catch (error) {
        pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  const failAll = (reason: string) => {
    for (const job of pending.values()) job.reject(new Error(reason));
    pending.clear();
  };
  return { send, onReply, failAll };
}

function threadApi(draw: (job: Job) => Promise<MailAttachment[]>): DocumentThread {
  const { submit: send } = createDocumentQueue(draw);
  return {
    confirmationAttachments: (order, company) => send({ kind: "confirmation", order, company }),
    agreement: async (order, company, download) => (await send({ kind: "agreement", order, company }, download))[0]!,
    drawSharedDocuments: async (company) => {
      await send({ kind: "shared", company });
    },
    pdf: async (layout) => {
      const [pdf] = await send({ kind: "pdf", layout });
      return pdf!.content;
    },
    invoicePdf: async (input, download) => (await send({ kind: "invoice", input }, download))[0]!,
  };
}

/** The document thread's side: draws each job it is sent, in order, and answers it (the main thread sends one at a time). */
export function serveDocumentJobs(port: MessagePort | null = parentPort): void {
  if (!port) throw new Error("serveDocumentJobs needs a port: it runs on the document thread");
  let queue = Promise.resolve();
  port.on("message", (request: Request) => {
    queue = queue.then(async () => {
      try {
        const attachments = await draw(request.job);
        port.postMessage({ id: request.id, attachments } satisfies Reply);
      } catch (error) {
        port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies Reply);
      }
    });
  });
}

async function draw(job: Job): Promise<MailAttachment[]> {
  if (job.kind === "confirmation") return documentsOnThisThread.confirmationAttachments(job.order, job.company);
  if (job.kind === "agreement") return [await documentsOnThisThread.agreement(job.order, job.company)];
  if (job.kind === "invoice") return [await documentsOnThisThread.invoicePdf(job.input)];
  if (job.kind === "pdf") {
    const content = await documentsOnThisThread.pdf(job.layout);
    return [{ filename: "dane-klienta.pdf", content, contentType: "application/pdf" }];
  }
  await documentsOnThisThread.drawSharedDocuments(job.company);
  return [];
}
