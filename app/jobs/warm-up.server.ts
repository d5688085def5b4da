import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { Company } from "~/config/company";
import { company } from "~/config/env.server";
import { LOCALES } from "~/i18n/locales";
import { pathFor } from "~/i18n/routes";
import { previewOrder } from "~/order/order.server";
import { sampleOrderForm } from "~/order/sample-order";
import { errorFields, log } from "~/log/log.server";

/** The document thread's one job the warm-up asks for (app/jobs/document-thread.server.ts). */
type SharedDocuments = { drawSharedDocuments(company: Company): Promise<void> };

/** Rounds of the order path, in every language each; enough for V8 to compile its hot code. */
export const WARM_UP_ROUNDS = 8;

/** The sample order (the standard form's field names), starting a month ahead; its e-mail names the warm-up. */
function sampleOrder(now: Date): Record<string, string> {
  const inAMonth = new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  return { ...sampleOrderForm(now), startDate: inAMonth, email: "warm-up@example.com" };
}

/**
 * A fresh process answers its first orders several times slower than later ones: V8 has not
 * compiled the order path yet, and React, i18next, zod and fontkit build their caches on first
 * use, while the first visitors' requests queue behind one another (docs/decisions/035). So
 * before it listens, the process runs the order path on itself, in every language: the order
 * page, a preview, and an accept without the terms, which the server refuses with 400, so nothing
 * is stored. The requests go to Remix's own handler, not through the network: they write no access
 * log line, count against no rate limit and carry no visitor's cookie, so no marketing event is
 * reported either. Then the documents every confirmation e-mail attaches, on the document thread.
 * A failure is logged, never fatal: the process then starts cold, as it did before.
 */
export async function warmUpBeforeListening(
  build: ServerBuild,
  loadContext: AppLoadContext,
  siteUrl: string,
  documents: SharedDocuments,
): Promise<void> {
  const handle = createRequestHandler(build, "production");
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  try {
    for (let round = 0; round < WARM_UP_ROUNDS; round++) {
      for (const locale of LOCALES) {
        const url = `${siteUrl}${pathFor("order", locale)}`;
        const order = sampleOrder(new Date());
        await (await handle(new Request(url), loadContext)).arrayBuffer();
        await (await handle(new Request(url, form({ ...order, intent: "preview" })), loadContext)).arrayBuffer();
        const withoutTerms = { ...order, token: previewOrder().token, intent: "accept" };
        await (await handle(new Request(url, form(withoutTerms)), loadContext)).arrayBuffer();
      }
    }
    await documents.drawSharedDocuments(company);
  } catch (error) {
    log.error(errorFields(error), "warm-up failed; starting cold");
  }
}
