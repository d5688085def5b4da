import type { AppDatabase } from "~/db/db.server";
import { STATUS_LABEL } from "~/order/admin-texts";
import { orderNumberIn } from "~/order/order-number";
import {
  BodyTooLargeError,
  dropBody,
  FILE_FORM_MAX_BYTES,
  FormShapeError,
  formShapeResponse,
  readFormDataLimited,
} from "~/security/body.server";
import { STATEMENT_TEXT } from "./admin-texts";
import { importStatement } from "./import.server";
import { readStatement } from "./read-statement";
import { CSV_BANKS, type CsvBank } from "./statement-line";
import { resolveLine, type ResolveResult } from "./to-check.server";

/** What the statement page's POST comes to: a page to go to (303), or the page again with why it was refused. */
export type StatementPostOutcome =
  | { kind: "redirect"; to: string }
  | { kind: "uploadRefused"; status: 400 | 413; error: string | null; chooseBank: { choices: CsvBank[]; chosen: string } | null }
  | { kind: "decisionRefused"; status: 400; lineId: number; error: string; typed: string };

/** Where the page goes after a decision, and the result page of a statement. */
export type StatementPaths = { list: string; statement: (statementId: number) => string };

/**
 * The statement page's two kinds of post: a file to read ("Wczytaj wyciąg", multipart) and a
 * decision on a line to check. Nothing is marked from a file that is refused.
 */
export async function handleStatementPost(
  db: AppDatabase,
  request: Request,
  operator: string,
  now: Date,
  paths: StatementPaths,
): Promise<StatementPostOutcome> {
  let form: FormData;
  try {
    form = await readFormDataLimited(request, FILE_FORM_MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      // Declared too large, it was never read: dropped so the operator's browser sees the page, not a reset.
      dropBody(request);
      return { kind: "uploadRefused", status: 413, error: STATEMENT_TEXT.tooLarge, chooseBank: null };
    }
    if (error instanceof FormShapeError) throw formShapeResponse();
    throw error;
  }
  const intent = form.get("intent");
  if (intent === "assign" || intent === "refund" || intent === "skip") return decide(db, form, intent, operator, now, paths);

  const file = form.get("statement");
  const chosen = String(form.get("bank") ?? "");
  const bank = CSV_BANKS.find((each) => each === chosen);
  if (!(file instanceof File) || (file.size === 0 && file.name === ""))
    return { kind: "uploadRefused", status: 400, error: STATEMENT_TEXT.noFile, chooseBank: null };
  const bytes = Buffer.from(await file.arrayBuffer());
  const read = await readStatement(bytes, { bank });
  if (read.kind === "chooseBank") return { kind: "uploadRefused", status: 400, error: null, chooseBank: { choices: read.choices, chosen } };
  if (read.kind === "refused")
    return {
      kind: "uploadRefused",
      status: read.refusal === "tooLarge" ? 413 : 400,
      error: STATEMENT_TEXT.refusal(read),
      chooseBank: null,
    };
  const result = await importStatement(db, { fileName: file.name || "wyciag", bytes, read }, operator, now);
  return { kind: "redirect", to: `${paths.statement(result.statementId)}${result.kind === "sameFile" ? "?again=1" : ""}` };
}

async function decide(
  db: AppDatabase,
  form: FormData,
  intent: "assign" | "refund" | "skip",
  operator: string,
  now: Date,
  paths: StatementPaths,
): Promise<StatementPostOutcome> {
  const lineId = Number(form.get("lineId"));
  const typed = String(form.get("orderNumber") ?? "").trim();
  if (!Number.isSafeInteger(lineId) || lineId <= 0) return { kind: "redirect", to: `${paths.list}?done=lineNotFound` };
  const result = await resolveLine(
    db,
    lineId,
    intent === "assign" ? { action: "assign", orderNumber: typed } : { action: intent },
    operator,
    now,
  );
  if (result.ok) {
    const order = result.orderNumber ? `&order=${encodeURIComponent(result.orderNumber)}` : "";
    return { kind: "redirect", to: `${paths.list}?done=${result.resolution}${order}` };
  }
  if (result.error === "lineNotFound" || result.error === "alreadyResolved")
    return { kind: "redirect", to: `${paths.list}?done=${result.error}` };
  return { kind: "decisionRefused", status: 400, lineId, error: refusalText(result), typed };
}

function refusalText(result: Extract<ResolveResult, { ok: false }>): string {
  switch (result.error) {
    case "number":
      return STATEMENT_TEXT.assignErrors.number;
    case "foreignCurrency":
      return STATEMENT_TEXT.assignErrors.foreignCurrency;
    case "unknown":
      return STATEMENT_TEXT.assignErrors.unknown(result.orderNumber);
    case "notAwaiting":
      return STATEMENT_TEXT.assignErrors.notAwaiting(result.orderNumber, STATUS_LABEL[result.status]);
    case "lineNotFound":
      return STATEMENT_TEXT.lineNotFound;
    case "alreadyResolved":
      return STATEMENT_TEXT.alreadyResolved;
  }
}

/** The notice after a redirect (`?done=`), from the list's own words only. */
export function doneNotice(url: URL): { tone: "success" | "error"; text: string } | null {
  const done = url.searchParams.get("done");
  if (done === "assigned")
    return { tone: "success", text: STATEMENT_TEXT.resolved.assigned(orderNumberIn(url.searchParams.get("order") ?? "") ?? "") };
  if (done === "refund" || done === "skipped") return { tone: "success", text: STATEMENT_TEXT.resolved[done] };
  if (done === "alreadyResolved") return { tone: "error", text: STATEMENT_TEXT.alreadyResolved };
  if (done === "lineNotFound") return { tone: "error", text: STATEMENT_TEXT.lineNotFound };
  return null;
}
