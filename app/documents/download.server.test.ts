import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MessageChannel } from "node:worker_threads";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, describe, expect, it } from "vitest";
import type { DocumentThread } from "~/jobs/document-thread.server";

// The routes read the process's database: a file of this test's own, set before any of the app's modules load.
process.env.DATABASE_PATH = join(mkdtempSync(join(tmpdir(), "document-downloads-")), "app.db");
const { placeSampleOrder } = await import("../../tests/support/sample-order");
const { getDb } = await import("~/db/db.server");
const { applyTransition } = await import("~/flows/transitions.server");
const { CLIENT_ADDRESS_HEADER } = await import("~/server/client-address.server");
const { DOWNLOADS_PER_CLIENT, DOCUMENTS_RETRY_AFTER_SECONDS } = await import("./document-queue.server");
const { documentThreadOver, serveDocumentJobs } = await import("~/jobs/document-thread.server");
const agreementRoute = await import("~/routes/agreement-pdf");
const invoiceRoute = await import("~/routes/invoice-pdf");
const { testLoadContext } = await import("../../tests/support/load-context");

const NOW = new Date("2026-11-23T09:00:00Z");
const BUYER = { buyerName: "Firma Kowalski sp. z o.o.", buyerAddress: "ul. Polna 2, 70-100 Szczecin", nip: "1234563218" };

/** A real document thread's messages, on this thread: the same queue and drawing as the site's. */
function documentThread() {
  const channel = new MessageChannel();
  serveDocumentJobs(channel.port2);
  return { documents: documentThreadOver(channel.port1), close: () => channel.port1.close() };
}

afterAll(() => getDb().destroy());

type Loader = (args: LoaderFunctionArgs) => Promise<Response>;

/** Sends `count` downloads from one address at once, as a client opening several connections would. */
function downloads(loader: Loader, url: string, params: Record<string, string>, documents: DocumentThread, client: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, () =>
      loader({
        request: new Request(url, { headers: { [CLIENT_ADDRESS_HEADER]: client } }),
        params,
        context: testLoadContext({ documents }),
      }),
    ),
  );
}

describe("customer downloads drawn on the document thread", () => {
  it("the agreement: a client past its share is answered 503 with Retry-After, in the order's language, while another client gets the PDF", async () => {
    const { order } = await placeSampleOrder(getDb(), NOW, { locale: "uk", idempotencyKey: "download-share" });
    const url = `http://127.0.0.1/agreement/${order.payment_token}`;
    const { documents, close } = documentThread();
    try {
      const [flood, other] = await Promise.all([
        downloads(agreementRoute.loader, url, { token: order.payment_token }, documents, "10.66.0.1", DOWNLOADS_PER_CLIENT + 3),
        downloads(agreementRoute.loader, url, { token: order.payment_token }, documents, "10.77.0.1", 1),
      ]);
      expect(flood.map((response) => response.status).sort()).toEqual([200, 200, 503, 503, 503]);
      const refused = flood.find((response) => response.status === 503)!;
      expect(refused.headers.get("Retry-After")).toBe(String(DOCUMENTS_RETRY_AFTER_SECONDS));
      expect(refused.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
      const page = await refused.text();
      expect(page).toContain('<html lang="uk">');
      expect(page).toContain(`Спробуйте завантажити документ ще раз через ${DOCUMENTS_RETRY_AFTER_SECONDS} с.`);
      expect(page).toContain(`href="/uk/payment/${order.payment_token}"`);
      expect(other[0]!.status).toBe(200);
      expect(
        Buffer.from(await other[0]!.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    } finally {
      close();
    }
  });

  it("an invoice: the same share per client, and the page leads back to the order's invoices", async () => {
    const { order } = await placeSampleOrder(getDb(), NOW, {
      locale: "en",
      idempotencyKey: "download-invoice",
      details: { invoice: BUYER },
    });
    await applyTransition(getDb(), order.id, { transition: "mark_paid", paidAt: NOW.toISOString() }, "op@example.com", NOW);
    const invoice = await getDb().selectFrom("invoices").select("id").where("order_id", "=", order.id).executeTakeFirstOrThrow();
    const params = { token: order.payment_token, id: String(invoice.id) };
    const { documents, close } = documentThread();
    try {
      const flood = await downloads(
        invoiceRoute.loader,
        `http://127.0.0.1/invoice/${params.token}/${params.id}`,
        params,
        documents,
        "10.66.0.2",
        4,
      );
      expect(flood.map((response) => response.status).sort()).toEqual([200, 200, 503, 503]);
      expect(flood.find((response) => response.status === 200)!.headers.get("Content-Type")).toBe("application/pdf");
      const page = await flood.find((response) => response.status === 503)!.text();
      expect(page).toContain(`Please try downloading the document again in ${DOCUMENTS_RETRY_AFTER_SECONDS} s.`);
      expect(page).toContain(`href="/en/payment/${order.payment_token}/invoice"`);
    } finally {
      close();
    }
  });
});
