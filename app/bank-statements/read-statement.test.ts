import { readFileSync } from "node:fs";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { readStatement, STATEMENT_MAX_BYTES } from "./read-statement";
import type { ReadResult, StatementLine } from "./statement-line";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** The lines, failing with the whole result when the file was not read. */
async function linesOf(bytes: Buffer, options?: Parameters<typeof readStatement>[1]): Promise<Extract<ReadResult, { kind: "read" }>> {
  const result = await readStatement(bytes, options);
  if (result.kind !== "read") throw new Error(`not read: ${JSON.stringify(result)}`);
  return result;
}

const line = (fields: Partial<StatementLine> & Pick<StatementLine, "bookedOn" | "amountGrosze">): StatementLine => ({
  currency: "PLN",
  title: "",
  counterpartyName: "",
  counterpartyAccount: "",
  bankReference: null,
  ...fields,
});

describe("MT940 as the Polish banks export it", () => {
  it("reads ~ subfields (PKO BP) in CP1250: the title's parts and the name's joined across the 65-character wrap", async () => {
    const result = await linesOf(fixture("mt940-tilde.sta"));
    expect(result).toMatchObject({ format: "mt940", encoding: "windows-1250" });
    expect(result.lines).toEqual([
      line({
        bookedOn: "2026-11-23",
        amountGrosze: 29900,
        title: "Zamówienie AE-2026-000101 dziękuję",
        counterpartyName: "Zofia Źdźbło-Łącka ul. Wymyślona 3",
        counterpartyAccount: "PL27114020040000300201355387",
        bankReference: "PKO2611230001",
      }),
      line({
        bookedOn: "2026-11-23",
        amountGrosze: -316800,
        title: "Czynsz za grudzień",
        counterpartyName: "Spółdzielnia Przykładowa",
        counterpartyAccount: "PL10105000997603123456789123",
        bankReference: "PKO2611230002",
      }),
    ]);
  });

  it("reads mBank's labelled text (TYT.:, NAD.:, RACH.:) in UTF-8 with a BOM", async () => {
    const result = await linesOf(fixture("mt940-labelled.sta"));
    expect(result.encoding).toBe("utf-8");
    expect(result.lines).toEqual([
      line({
        bookedOn: "2026-11-24",
        amountGrosze: 39900,
        title: "AE 2026 102 OŚWIADCZENIE",
        counterpartyName: "KAROL GĘŚLAK UL. ŻÓŁTA 5 00-950 WARSZAWA",
        counterpartyAccount: "PL93123456789012345678903456",
        bankReference: "MB26112400000001",
      }),
    ]);
  });

  it("reads < subfields in ISO-8859-2, and the bank's reference, not the owner's", async () => {
    const result = await linesOf(fixture("mt940-angle.sta"));
    expect(result.encoding).toBe("iso-8859-2");
    expect(result.lines).toEqual([
      line({
        bookedOn: "2026-11-25",
        amountGrosze: 30000,
        title: "AE2026000103 zapłata za oświadczenie",
        counterpartyName: "Ewa Przykładowska-Śliwińska",
        counterpartyAccount: "PL50124000010000000087654321",
        bankReference: "PEK2611250042",
      }),
    ]);
  });

  it("keys no line by the account owner's reference: without the bank's own there is none", async () => {
    const text = fixture("mt940-angle.sta").toString("latin1").replace("REF123//PEK2611250042", "REF123");
    expect((await linesOf(Buffer.from(text, "latin1"))).lines[0]!.bankReference).toBeNull();
  });

  it("reads ^ subfields in CP852, and a January value date booked on 31 December in the year before", async () => {
    const result = await linesOf(fixture("mt940-caret.sta"));
    expect(result.encoding).toBe("cp852");
    expect(result.lines).toEqual([
      line({
        bookedOn: "2026-12-31",
        amountGrosze: 29900,
        title: "Zamówienie ae-2026-104 ŚWIADCZENIE ŻYCZĘ MIŁEGO DNIA",
        counterpartyName: "Bożena Ćmielów",
        counterpartyAccount: "PL70109000040000000987654321",
        bankReference: "SAN2612310007",
      }),
    ]);
  });

  it("reads + subfields, a debit balance and a reversed debit (RD, money back in)", async () => {
    const result = await linesOf(fixture("mt940-plus.sta"));
    expect(result.lines.map(({ amountGrosze, title, counterpartyName }) => ({ amountGrosze, title, counterpartyName }))).toEqual([
      {
        amountGrosze: 39900,
        title: "/VAT/74,61/IDC/1234567890/INV/AE-2026-000111/TXT/OSWIADCZENIE",
        counterpartyName: "JAN NOWAK-PRZYKŁAD SP. Z O.O.",
      },
      { amountGrosze: 5000, title: "Korekta opłaty", counterpartyName: "" },
    ]);
  });

  it("reads ? subfields and two statements in one file wrapped in SOH … ETX", async () => {
    const result = await linesOf(fixture("mt940-question.sta"));
    expect(result.encoding).toBe("windows-1250");
    expect(
      result.lines.map(({ amountGrosze, title, counterpartyName, bankReference }) => ({
        amountGrosze,
        title,
        counterpartyName,
        bankReference,
      })),
    ).toEqual([
      { amountGrosze: 29900, title: "Zamowienie AE-2026-000111", counterpartyName: "Ścibor Wiśniewski", bankReference: "MIL0000000001" },
      { amountGrosze: -9900, title: "Opłata za przelew natychmiastowy", counterpartyName: "", bankReference: "MIL0000000002" },
    ]);
  });

  it("refuses a statement whose opening balance and lines do not make its closing balance", async () => {
    expect(await readStatement(fixture("mt940-balances-wrong.sta"))).toEqual({
      kind: "refused",
      refusal: "balancesDoNotAddUp",
      format: "mt940",
      statement: "ST261123PKO/1",
      openingGrosze: 500000,
      turnoverGrosze: -286900,
      closingGrosze: 213101,
    });
  });

  it("refuses an entry it cannot read rather than leave it out, and names its line", async () => {
    const text = fixture("mt940-tilde.sta").toString("latin1");
    for (const broken of [":61:2611231123D31X8,00", ":61:2611231131D3168,00"]) {
      const bytes = Buffer.from(text.replace(":61:2611231123D3168,00", broken), "latin1");
      expect(await readStatement(bytes), broken).toEqual({ kind: "refused", refusal: "unreadable", format: "mt940", line: 9 });
    }
  });
});

describe("camt.053 (ISO 20022)", () => {
  it("reads booked entries of .001.02: amount, sign, booking date, reference, the debtor's name and IBAN, the title; a pending entry is left out", async () => {
    const result = await linesOf(fixture("camt053.xml"));
    expect(result).toMatchObject({ format: "camt053", encoding: "utf-8" });
    expect(result.lines).toEqual([
      line({
        bookedOn: "2026-11-25",
        amountGrosze: 29900,
        title: "Zamówienie AE-2026-000105",
        counterpartyName: "Łucja Żółkiewska & Syn",
        counterpartyAccount: "PL21105000997603000000000021",
        bankReference: "ING2611250001",
      }),
      line({ bookedOn: "2026-11-25", amountGrosze: -1230, title: "Opłata za prowadzenie rachunku", bankReference: "OPL-2026-11" }),
    ]);
  });

  it("reads .001.08 with a namespace prefix: Sts/Cd, BookgDt/DtTm, Dbtr/Pty/Nm, an account in Othr/Id, the title's parts joined", async () => {
    const result = await linesOf(fixture("camt053-v8.xml"));
    expect(result.lines).toEqual([
      line({
        bookedOn: "2026-11-28",
        amountGrosze: 7000,
        currency: "EUR",
        title: "Zamówienie AE-2026-000112",
        counterpartyName: "Olena Prykładna",
        counterpartyAccount: "UA00000011112222",
        bankReference: "EU-77",
      }),
    ]);
  });

  it("refuses a statement whose booked balances do not add up", async () => {
    const text = fixture("camt053.xml").toString("utf8").replace(">2816.70<", ">2816.71<");
    expect(await readStatement(Buffer.from(text))).toMatchObject({
      kind: "refused",
      refusal: "balancesDoNotAddUp",
      format: "camt053",
      statement: "ST-2026-11-25",
    });
  });

  it("refuses XML that is not well formed", async () => {
    const text = fixture("camt053.xml").toString("utf8").replace("</Stmt>", "");
    expect(await readStatement(Buffer.from(text))).toMatchObject({ kind: "refused", refusal: "unreadable", format: "camt053" });
  });
});

describe("the banks' CSV histories", () => {
  it("mBank: preamble and footer skipped, # columns, amounts with the currency and spaces between thousands, a quoted ; in a title (CP1250)", async () => {
    const result = await linesOf(fixture("mbank.csv"));
    expect(result).toMatchObject({ format: "csv-mbank", encoding: "windows-1250" });
    expect(result.lines).toEqual([
      line({
        bookedOn: "2026-11-26",
        amountGrosze: 29900,
        title: "Zamówienie AE-2026-000106",
        counterpartyName: "MARIANNA ŚLĄSKA UL. KRĘTA 7/2 30-001 KRAKÓW",
        counterpartyAccount: "12345678901234567890123456",
      }),
      line({
        bookedOn: "2026-11-26",
        amountGrosze: -316800,
        title: "Czynsz; grudzień",
        counterpartyName: "SPÓŁDZIELNIA PRZYKŁADOWA",
        counterpartyAccount: "65432109876543210987654321",
      }),
    ]);
  });

  it("ING: quoted fields, numbers kept as text, the currency after the amount, a blocked card payment left out (CP1250)", async () => {
    const result = await linesOf(fixture("ing.csv"));
    expect(result).toMatchObject({ format: "csv-ing", encoding: "windows-1250" });
    expect(result.lines).toEqual([
      line({
        bookedOn: "2026-11-27",
        amountGrosze: 29900,
        title: "AE-2026-000107 oświadczenie",
        counterpartyName: "GRZEGORZ ĆWIKLIŃSKI UL. JASNA 1 00-001 WARSZAWA",
        counterpartyAccount: "99888877776666555544443333",
        bankReference: "202611270001",
      }),
      line({
        bookedOn: "2026-11-26",
        amountGrosze: 12000,
        currency: "EUR",
        title: "Order AE-2026-000108",
        counterpartyName: "EUROWYMIANA GMBH",
        counterpartyAccount: "DE00123456781234567890",
        bankReference: "202611260007",
      }),
    ]);
  });

  it("Alior: DD-MM-YYYY dates, the sender of a credit and the recipient of a debit (UTF-8 with a BOM)", async () => {
    const result = await linesOf(fixture("alior.csv"));
    expect(result).toMatchObject({ format: "csv-alior", encoding: "utf-8" });
    expect(result.lines).toEqual([
      line({
        bookedOn: "2026-11-28",
        amountGrosze: 39900,
        title: "ZAMÓWIENIE AE.2026.000109",
        counterpartyName: "TERESA WĄSIK",
        counterpartyAccount: "11222233334444555566667777",
      }),
      line({
        bookedOn: "2026-11-28",
        amountGrosze: -15000,
        title: "Faktura 12/2026",
        counterpartyName: "DOSTAWCA PAPIERU SP. J.",
        counterpartyAccount: "33444455556666777788889999",
      }),
    ]);
  });

  it("PKO BP: commas, every field quoted, the description's labelled parts in unnamed columns (ISO-8859-2)", async () => {
    const result = await linesOf(fixture("pko.csv"));
    expect(result).toMatchObject({ format: "csv-pko", encoding: "iso-8859-2" });
    expect(result.lines).toEqual([
      line({
        bookedOn: "2026-11-29",
        amountGrosze: 29900,
        title: "zamowienie ae-2026-110",
        counterpartyName: "JERZY ŹRÓDŁOWSKI",
        counterpartyAccount: "55666677778888999900001111",
      }),
      line({ bookedOn: "2026-11-29", amountGrosze: -1250, title: "000123 KAWIARNIA PRZYKŁADOWA" }),
    ]);
  });

  it("asks for the bank when the columns fit none, and reads the bank's usual columns once it is named", async () => {
    expect(await readStatement(fixture("unknown-columns.csv"))).toEqual({ kind: "chooseBank", choices: ["mbank", "ing", "alior", "pko"] });
    expect(await readStatement(fixture("mbank-no-header.csv"))).toEqual({ kind: "chooseBank", choices: ["mbank", "ing", "alior", "pko"] });
    const named = await linesOf(fixture("mbank-no-header.csv"), { bank: "mbank" });
    expect(named.lines).toEqual((await linesOf(fixture("mbank.csv"))).lines);
    // The wrong bank named reads nothing: said so, not taken for a history without entries.
    expect(await readStatement(fixture("unknown-columns.csv"), { bank: "ing" })).toEqual({ kind: "refused", refusal: "unknownFormat" });
  });

  it("refuses a row that starts with a date and has an amount or a booking date it cannot read", async () => {
    const text = fixture("alior.csv").toString("utf8");
    for (const [good, broken] of [
      [";-150,00;PLN;", ";-15O,00;PLN;"],
      ["28-11-2026;28-11-2026;FIRMA", "28-11-2026;31-11-2026;FIRMA"],
    ] as const) {
      expect(await readStatement(Buffer.from(text.replace(good, broken))), broken).toEqual({
        kind: "refused",
        refusal: "unreadable",
        format: "csv-alior",
        line: 6,
      });
    }
  });
});

describe("encodings", () => {
  const TEXT = [
    "Data transakcji;Data księgowania;Nazwa nadawcy;Nazwa odbiorcy;Szczegóły transakcji;Kwota operacji;Waluta operacji",
    "28-11-2026;28-11-2026;ŹDZISŁAWA ŻÓŁĆ-ĄĘŚŃ;My;Zamówienie AE-2026-000109 źdźbło ąęśćńółż;399,00;PLN",
  ].join("\r\n");

  it.each([
    ["utf-8", Buffer.from(TEXT, "utf8")],
    ["utf-8", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT, "utf8")])],
    ["windows-1250", iconv.encode(TEXT, "win1250")],
    ["iso-8859-2", iconv.encode(TEXT, "iso88592")],
    ["cp852", iconv.encode(TEXT, "cp852")],
  ] as const)("reads Polish letters right from %s", async (encoding, bytes) => {
    const result = await linesOf(bytes);
    expect(result.encoding).toBe(encoding);
    expect(result.lines[0]).toMatchObject({ counterpartyName: "ŹDZISŁAWA ŻÓŁĆ-ĄĘŚŃ", title: "Zamówienie AE-2026-000109 źdźbło ąęśćńółż" });
  });
});

describe("encodings told apart by little", () => {
  it("reads CP852 right when its only Polish letter is one CP1250 reads as a capital", async () => {
    const text = [
      ":20:X",
      ":60F:C261122PLN0,00",
      ":61:2611231123C299,00N152NONREF",
      ":86:~20AE-2026-000109~32Jan Wąs",
      ":62F:C261123PLN299,00",
    ].join("\r\n");
    const result = await linesOf(iconv.encode(text, "cp852"));
    expect(result).toMatchObject({ encoding: "cp852", lines: [{ counterpartyName: "Jan Wąs" }] });
  });
});

describe("files refused whole", () => {
  it("an empty file, or one of blank lines", async () => {
    expect(await readStatement(Buffer.alloc(0))).toEqual({ kind: "refused", refusal: "empty" });
    expect(await readStatement(Buffer.from("\r\n  \r\n\ufeff"))).toEqual({ kind: "refused", refusal: "empty" });
  });

  it("a file over 5 MB", async () => {
    expect(await readStatement(Buffer.alloc(STATEMENT_MAX_BYTES + 1, "a"))).toEqual({
      kind: "refused",
      refusal: "tooLarge",
      limitBytes: 5 * 1024 * 1024,
    });
    expect(await readStatement(Buffer.alloc(STATEMENT_MAX_BYTES, "a"))).toEqual({ kind: "refused", refusal: "unknownFormat" });
  });

  it("a binary file: a PDF, a spreadsheet, bytes that are not text", async () => {
    expect(await readStatement(Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj"))).toEqual({ kind: "refused", refusal: "binary" });
    expect(await readStatement(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toEqual({ kind: "refused", refusal: "binary" });
    expect(await readStatement(Buffer.from(Array.from({ length: 600 }, (_, index) => (index * 7919) % 256)))).toEqual({
      kind: "refused",
      refusal: "binary",
    });
  });

  it("a web page saved as .csv", async () => {
    expect(await readStatement(fixture("html-renamed.csv"))).toEqual({ kind: "refused", refusal: "html" });
  });

  it("text in no format it knows", async () => {
    expect(await readStatement(Buffer.from("Drogi Panie,\nprzesyłam wyciąg w załączniku.\n"))).toEqual({
      kind: "refused",
      refusal: "unknownFormat",
    });
  });
});
