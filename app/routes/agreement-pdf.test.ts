import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The route reads the process's database: a file of this test's own, set before any of the app's
// modules load (the sample order's module imports the app's configuration too, so it loads after).
process.env.DATABASE_PATH = join(mkdtempSync(join(tmpdir(), "agreement-route-")), "app.db");
const { SAMPLE_API_ORDER } = await import("../../tests/support/sample-order");
const { getDb } = await import("~/db/db.server");
const { acceptOrder } = await import("~/order/order.server");
const { loader } = await import("./agreement-pdf");
const { documentsOnThisThread } = await import("~/jobs/document-thread.server");

const NOW = new Date("2026-11-23T09:00:00Z");

describe("the agreement PDF route", () => {
  it("answers HEAD from the order alone, without building the PDF, and keeps the URL out of any Referer", async () => {
    const details = { ...SAMPLE_API_ORDER, immediatePerformanceRequested: false };
    const { order } = await acceptOrder(getDb(), {
      details,
      variant: "automatic",
      channel: "api",
      locale: "en",
      idempotencyKey: "agreement-head",
      dataProcessingConsentAt: NOW,
      now: NOW,
    });
    const ask = (method: string) =>
      loader({
        request: new Request(`http://127.0.0.1/agreement/${order.payment_token}`, { method }),
        params: { token: order.payment_token },
        context: { documents: documentsOnThisThread },
      });

    const get = await ask("GET");
    expect(get.headers.get("Content-Type")).toBe("application/pdf");
    expect(get.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(
      Buffer.from(await get.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const head = await ask("HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("application/pdf");
    expect(head.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(head.body).toBeNull();
    await getDb().destroy();
  });
});
