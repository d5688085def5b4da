import type { XmlDocument, XmlNode } from "libxml2-wasm";
import { parseStatementAmount } from "~/i18n/money";
import { isoDateOf } from "~/order/dates";
import type { FormatResult, StatementLine } from "./statement-line";

/**
 * camt.053 (ISO 20022 BankToCustomerStatement), any version: the elements are found by their
 * local names, so the namespace of .001.02 and of .001.08 read alike. Per `Stmt`: `Bal` with the
 * codes OPBD (opening booked) and CLBD (closing booked); per `Ntry`: `Amt` with its `Ccy`,
 * `CdtDbtInd` (CRDT or DBIT), `Sts` (only BOOK is read), `BookgDt/Dt` or `BookgDt/DtTm`,
 * `AcctSvcrRef` or else `NtryRef`, and in `NtryDtls/TxDtls`: `RmtInf/Ustrd` (the title, its parts
 * joined), `RltdPties/Dbtr` (or `Dbtr/Pty`) `/Nm` and `DbtrAcct/Id/IBAN` (or `Othr/Id`) for a
 * credit, the creditor's for a debit. libxml2 reads the XML; it resolves no entity and loads
 * nothing from the network. An entry batching several transactions is one line with its total.
 */
export async function readCamt053(text: string): Promise<FormatResult> {
  const { XmlDocument, ParseOption } = await import("libxml2-wasm");
  let document: XmlDocument;
  try {
    document = XmlDocument.fromString(text, { option: ParseOption.XML_PARSE_NONET });
  } catch {
    return { kind: "refused", refusal: "unreadable", format: "camt053", line: 1 };
  }
  try {
    const lines: StatementLine[] = [];
    for (const statement of document.find("//*[local-name()='Stmt']")) {
      const entries: StatementLine[] = [];
      for (const entry of statement.find("./*[local-name()='Ntry']")) {
        if (!["", "BOOK"].includes(textOf(entry, "Sts"))) continue;
        const line = entryOf(entry);
        if (!line) return { kind: "refused", refusal: "unreadable", format: "camt053", line: entry.line };
        entries.push(line);
      }
      const opening = balanceOf(statement, "OPBD") ?? balanceOf(statement, "PRCD");
      const closing = balanceOf(statement, "CLBD");
      const turnoverGrosze = entries.reduce((sum, line) => sum + line.amountGrosze, 0);
      if (opening !== null && closing !== null && opening + turnoverGrosze !== closing) {
        const reference = textOf(statement, "Id");
        return {
          kind: "refused",
          refusal: "balancesDoNotAddUp",
          format: "camt053",
          statement: reference,
          openingGrosze: opening,
          turnoverGrosze,
          closingGrosze: closing,
        };
      }
      lines.push(...entries);
    }
    return { kind: "read", format: "camt053", lines };
  } finally {
    document.dispose();
  }
}

/** The text of the first element at a path of local names ("BookgDt/Dt"), "" when there is none. */
function textOf(node: XmlNode, path: string): string {
  const xpath = `./${path
    .split("/")
    .map((name) => `*[local-name()='${name}']`)
    .join("/")}`;
  return node.get(xpath)?.content.trim() ?? "";
}

function firstOf(node: XmlNode, ...paths: string[]): string {
  return paths.map((path) => textOf(node, path)).find((value) => value !== "") ?? "";
}

function signed(node: XmlNode): number | null {
  const grosze = parseStatementAmount(textOf(node, "Amt"));
  if (grosze === null) return null;
  return textOf(node, "CdtDbtInd") === "DBIT" ? -grosze : grosze;
}

function balanceOf(statement: XmlNode, code: string): number | null {
  const balance = statement.find("./*[local-name()='Bal']").find((node) => textOf(node, "Tp/CdOrPrtry/Cd") === code);
  return balance ? signed(balance) : null;
}

function entryOf(entry: XmlNode): StatementLine | null {
  const amountGrosze = signed(entry);
  const bookedOn = isoDateOf(firstOf(entry, "BookgDt/Dt", "BookgDt/DtTm").slice(0, 10));
  const currency = entry.get("./*[local-name()='Amt']/@Ccy")?.content.trim() ?? "";
  if (amountGrosze === null || !bookedOn || !/^[A-Z]{3}$/.test(currency)) return null;
  const details = entry.get("./*[local-name()='NtryDtls']/*[local-name()='TxDtls']");
  const party = amountGrosze >= 0 ? "Dbtr" : "Cdtr";
  const title = details
    ? details
        .find("./*[local-name()='RmtInf']/*[local-name()='Ustrd']")
        .map((part) => part.content)
        .join("")
        .trim()
    : "";
  return {
    bookedOn,
    amountGrosze,
    currency,
    title: title || textOf(entry, "AddtlNtryInf"),
    counterpartyName: details ? firstOf(details, `RltdPties/${party}/Nm`, `RltdPties/${party}/Pty/Nm`) : "",
    counterpartyAccount: details
      ? firstOf(details, `RltdPties/${party}Acct/Id/IBAN`, `RltdPties/${party}Acct/Id/Othr/Id`).replace(/\s/g, "")
      : "",
    bankReference: firstOf(entry, "AcctSvcrRef", "NtryRef") || null,
  };
}
