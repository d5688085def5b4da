#!/usr/bin/env node
// A stand-in for the KSeF API 2.0 (the Ministry of Finance's e-invoicing system), on 127.0.0.1 only, for the
// tests and for `npm run dev:ksef`. It speaks what the site uses, with the paths, bodies and status codes of the
// published OpenAPI (CIRFMF/ksef-docs, open-api.json, version 2.6; docs/decisions/050), under /v2 as the real one:
//   GET  /v2/security/public-key-certificates     -> 200 [{certificate (DER, Base64), usage: [KsefTokenEncryption]}, {... SymmetricKeyEncryption}]
//                                                    its own RSA key pair, in a self-signed X.509 certificate it makes at start
//   POST /v2/auth/challenge                        -> 200 {challenge, timestamp, timestampMs, clientIp}
//   POST /v2/auth/ksef-token                       -> 202 {referenceNumber, authenticationToken}; it decrypts encryptedToken
//                                                    (RSA-OAEP, SHA-256) and checks "token|timestampMs" and the context NIP
//   GET  /v2/auth/{referenceNumber}                -> 200 {status: 100 in progress (once), then 200, or 450 for a wrong token}
//   POST /v2/auth/token/redeem                     -> 200 {accessToken, refreshToken}; 400 when redeemed before
//   POST /v2/auth/token/refresh                    -> 200 {accessToken}
//   POST /v2/sessions/online                       -> 201 {referenceNumber, validUntil}; it decrypts the AES-256 key
//   POST /v2/sessions/online/{ref}/invoices        -> 202 {referenceNumber}; it checks hashes and sizes (400 21402/21403),
//                                                    decrypts the invoice (AES-256-CBC) and validates it against FA(3)
//   POST /v2/sessions/online/{ref}/close           -> 204
//   GET  /v2/sessions/{ref}/invoices               -> 200 {invoices: [...]} (the session's invoices, with their hashes)
//   GET  /v2/sessions/{ref}/invoices/{invoiceRef}  -> 200 {ksefNumber, status: 150 processing, 200, 430 schema error,
//                                                    440 duplicate (seller NIP, kind, number) with originalKsefNumber, 450}
//   GET  /v2/sessions/{ref}/invoices/{invoiceRef}/upo and /v2/sessions/{ref}/invoices/ksef/{ksefNumber}/upo -> 200 XML
// A missing or unknown bearer token gets 401; a body the API would refuse gets 400 with an ExceptionResponse.
// Control endpoints (for tests):
//   POST /__control {outage?: boolean, rejectNumbersStartingWith?: string | null, processingPolls?: number}
//     outage: every API path answers 503; rejectNumbersStartingWith: those invoices end in 450 with a reason in
//     Polish; processingPolls: how many status looks answer 150 before the result
//   GET  /__invoices   every invoice received: {invoiceNumber, invoiceHash, xml, ksefNumber, status, sessionReference}
//   GET  /__calls      how often each API call was answered: {"POST /auth/challenge": 1, "GET /sessions/{ref}/invoices/{ref}": 2, ...}
//   GET  /__health
// Configuration: KSEF_STAND_IN_PORT (default E2E_PORT + 6, else 3106), KSEF_TOKEN and KSEF_NIP (defaults below, the
// same as `npm run dev:ksef`'s).
import { constants, createDecipheriv, createHash, generateKeyPairSync, privateDecrypt, randomBytes, sign } from "node:crypto";
import { createServer } from "node:http";
import { validateFa3Xml } from "../../app/ksef/fa3-schema.server.ts";

const port = Number(process.env.KSEF_STAND_IN_PORT ?? (process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 6 : 3106));
const ksefToken = process.env.KSEF_TOKEN || "stand-in-ksef-token";
const contextNip = process.env.KSEF_NIP || "5265877635";

const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

// --- a self-signed X.509 certificate of the key, in DER (KSeF publishes its keys as certificates) ---
function derLength(length) {
  if (length < 128) return Buffer.from([length]);
  const bytes = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const der = (tag, content) => Buffer.concat([Buffer.from([tag]), derLength(content.length), content]);
const sequence = (...parts) => der(0x30, Buffer.concat(parts));
const SHA256_WITH_RSA = der(0x06, Buffer.from("2a864886f70d01010b", "hex"));
const algorithm = sequence(SHA256_WITH_RSA, Buffer.from([0x05, 0x00]));
const utcTime = (date) => der(0x17, Buffer.from(date.toISOString().replace(/[-:T]/g, "").slice(2, 14) + "Z"));
const name = sequence(der(0x31, sequence(der(0x06, Buffer.from("550403", "hex")), der(0x0c, Buffer.from("KSeF stand-in")))));
const validFrom = new Date(Date.now() - 86_400_000);
const validTo = new Date(Date.now() + 365 * 86_400_000);
const tbs = sequence(
  der(0xa0, der(0x02, Buffer.from([2]))),
  der(0x02, Buffer.concat([Buffer.from([0x01]), randomBytes(8)])),
  algorithm,
  name,
  sequence(utcTime(validFrom), utcTime(validTo)),
  name,
  publicKey.export({ type: "spki", format: "der" }),
);
const certificate = sequence(tbs, algorithm, der(0x03, Buffer.concat([Buffer.from([0]), sign("sha256", tbs, privateKey)])));
const sha256 = (data) => createHash("sha256").update(data).digest("base64");

// --- state ---
const challenges = new Map(); // challenge -> timestampMs
const authentications = new Map(); // referenceNumber -> {operationToken, ok, polls, redeemed}
const accessTokens = new Set();
const refreshTokens = new Set();
const sessions = new Map(); // referenceNumber -> {key, iv, open}
const invoices = []; // {referenceNumber, sessionReference, invoiceNumber, invoiceHash, xml, ksefNumber, status, polls, kind, sellerNip, issueDate}
const control = { outage: false, rejectNumbersStartingWith: null, processingPolls: 0 };
const calls = {}; // "POST /auth/challenge" -> how many times it was answered

const hex = (count) => randomBytes(count).toString("hex").toUpperCase();
const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, "");
/** A reference number as KSeF writes them: 36 characters, e.g. 20250625-SO-2C3E6C8000-B675CF5D68-07. */
const referenceNumber = (type) => `${today()}-${type}-${hex(5)}-${hex(5)}-${hex(1)}`;
const jwt = () => `${Buffer.from('{"alg":"none"}').toString("base64url")}.${randomBytes(24).toString("base64url")}.`;
const inMinutes = (minutes) => new Date(Date.now() + minutes * 60_000).toISOString();

/** CRC-8 (polynomial 0x07, initial 0x00) of the number's first 32 characters, as "Numer KSeF" defines it. */
function crc8(text) {
  let crc = 0;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc.toString(16).toUpperCase().padStart(2, "0");
}
const ksefNumberFor = (sellerNip) => {
  const data = `${sellerNip}-${today()}-${hex(6)}`;
  return `${data}-${crc8(data)}`;
};

function readBody(request) {
  return new Promise((resolve) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

function send(response, status, body, type = "application/json") {
  response.writeHead(status, { "Content-Type": type });
  response.end(body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body));
}

/** The API's ExceptionResponse. */
function refuse(response, code, description, details = []) {
  send(response, 400, {
    exception: {
      exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, details }],
      referenceNumber: null,
      timestamp: new Date().toISOString(),
    },
  });
}

const unauthorized = (response) =>
  send(response, 401, { title: "Unauthorized", status: 401, detail: "Brak ważnego tokenu." }, "application/problem+json");
const bearer = (request) => /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? null;
const json = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
const field = (xml, tag) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;

function invoiceStatus(invoice) {
  return {
    ordinalNumber: 1,
    invoiceNumber: invoice.invoiceNumber,
    ksefNumber: invoice.status.code === 200 ? invoice.ksefNumber : null,
    referenceNumber: invoice.referenceNumber,
    invoiceHash: invoice.invoiceHash,
    acquisitionDate: invoice.status.code === 200 ? invoice.acquiredAt : null,
    invoicingDate: invoice.acquiredAt,
    invoicingMode: "Online",
    status: invoice.status,
  };
}

function upo(invoice) {
  return `<?xml version="1.0" encoding="utf-8"?>
<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3">
<NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów - zastępczy serwer testowy</NazwaPodmiotuPrzyjmujacego>
<NumerReferencyjnySesji>${invoice.sessionReference}</NumerReferencyjnySesji>
<Uwierzytelnienie><IdKontekstu><Nip>${contextNip}</Nip></IdKontekstu></Uwierzytelnienie>
<NazwaStrukturyLogicznej>Schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej>
<KodFormularza>FA (3)</KodFormularza>
<Dokument><NipSprzedawcy>${invoice.sellerNip}</NipSprzedawcy><NumerKSeFDokumentu>${invoice.ksefNumber}</NumerKSeFDokumentu><NumerFaktury>${invoice.invoiceNumber}</NumerFaktury><DataWystawieniaFaktury>${invoice.issueDate}</DataWystawieniaFaktury><DataPrzeslaniaDokumentu>${invoice.acquiredAt}</DataPrzeslaniaDokumentu><DataNadaniaNumeruKSeF>${invoice.acquiredAt}</DataNadaniaNumeruKSeF><SkrotDokumentu>${invoice.invoiceHash}</SkrotDokumentu><TrybWysylki>Online</TrybWysylki></Dokument>
</Potwierdzenie>`;
}

/** What KSeF's verification decides for a received invoice (Weryfikacja faktury). */
async function verify(xml, invoice) {
  const validation = await validateFa3Xml(xml);
  if (!validation.valid) return { code: 430, description: "Błąd weryfikacji pliku faktury", details: validation.errors };
  const duplicate = invoices.find(
    (other) =>
      other !== invoice &&
      other.status.code === 200 &&
      other.sellerNip === invoice.sellerNip &&
      other.kind === invoice.kind &&
      other.invoiceNumber === invoice.invoiceNumber,
  );
  if (duplicate)
    return {
      code: 440,
      description: "Duplikat faktury",
      details: [`Faktura o numerze ${invoice.invoiceNumber} została już przyjęta.`],
      extensions: { originalSessionReferenceNumber: duplicate.sessionReference, originalKsefNumber: duplicate.ksefNumber },
    };
  if (control.rejectNumbersStartingWith !== null && invoice.invoiceNumber?.startsWith(control.rejectNumbersStartingWith))
    return {
      code: 450,
      description: "Błąd weryfikacji semantyki dokumentu faktury",
      details: ["Data wystawienia faktury (P_1) jest późniejsza niż data przyjęcia dokumentu."],
    };
  return { code: 200, description: "Sukces" };
}

async function api(request, response, path) {
  const method = request.method;
  if (method === "GET" && path === "/security/public-key-certificates") {
    const entry = (usage) => ({
      certificate: certificate.toString("base64"),
      certificateId: sha256(certificate),
      publicKeyId: sha256(publicKey.export({ type: "spki", format: "der" })),
      validFrom: validFrom.toISOString(),
      validTo: validTo.toISOString(),
      usage: [usage],
    });
    return send(response, 200, [entry("KsefTokenEncryption"), entry("SymmetricKeyEncryption")]);
  }
  if (method === "POST" && path === "/auth/challenge") {
    const timestampMs = Date.now();
    const challenge = referenceNumber("CR");
    challenges.set(challenge, timestampMs);
    return send(response, 200, { challenge, timestamp: new Date(timestampMs).toISOString(), timestampMs, clientIp: "127.0.0.1" });
  }
  if (method === "POST" && path === "/auth/ksef-token") {
    const body = json(await readBody(request));
    if (!body?.challenge || !body.contextIdentifier?.value || !body.encryptedToken)
      return refuse(response, 21405, "Błąd walidacji danych wejściowych.");
    if (!challenges.has(body.challenge)) return refuse(response, 21401, "Nieprawidłowe wyzwanie autoryzacyjne.");
    let plain = "";
    try {
      plain = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
        Buffer.from(body.encryptedToken, "base64"),
      ).toString("utf8");
    } catch {
      plain = "";
    }
    const ok =
      plain === `${ksefToken}|${challenges.get(body.challenge)}` &&
      body.contextIdentifier.type === "Nip" &&
      body.contextIdentifier.value === contextNip;
    challenges.delete(body.challenge);
    const reference = referenceNumber("AU");
    const operationToken = jwt();
    authentications.set(reference, { operationToken, ok, polls: 0, redeemed: false });
    return send(response, 202, { referenceNumber: reference, authenticationToken: { token: operationToken, validUntil: inMinutes(10) } });
  }
  const authStatus = /^\/auth\/([^/]+)$/.exec(path);
  if (method === "GET" && authStatus && authStatus[1] !== "challenge") {
    const authentication = authentications.get(authStatus[1]);
    if (!authentication || bearer(request) !== authentication.operationToken) return unauthorized(response);
    authentication.polls += 1;
    const status =
      authentication.polls === 1
        ? { code: 100, description: "Uwierzytelnianie w toku" }
        : authentication.ok
          ? { code: 200, description: "Uwierzytelnianie zakończone sukcesem" }
          : {
              code: 450,
              description: "Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu",
              details: ["Nieprawidłowy token"],
            };
    return send(response, 200, {
      startDate: new Date().toISOString(),
      authenticationMethod: "Token",
      authenticationMethodInfo: { category: "Token", code: "token.ksef", displayName: "Token KSeF" },
      status,
    });
  }
  if (method === "POST" && path === "/auth/token/redeem") {
    const authentication = [...authentications.values()].find((entry) => entry.operationToken === bearer(request));
    if (!authentication) return unauthorized(response);
    if (authentication.redeemed || !authentication.ok || authentication.polls < 2)
      return refuse(response, 21301, "Brak autoryzacji.", ["Tokeny zostały już pobrane."]);
    authentication.redeemed = true;
    const accessToken = jwt();
    const refreshToken = jwt();
    accessTokens.add(accessToken);
    refreshTokens.add(refreshToken);
    return send(response, 200, {
      accessToken: { token: accessToken, validUntil: inMinutes(15) },
      refreshToken: { token: refreshToken, validUntil: inMinutes(7 * 24 * 60) },
    });
  }
  if (method === "POST" && path === "/auth/token/refresh") {
    if (!refreshTokens.has(bearer(request))) return unauthorized(response);
    const accessToken = jwt();
    accessTokens.add(accessToken);
    return send(response, 200, { accessToken: { token: accessToken, validUntil: inMinutes(15) } });
  }

  // Everything below needs an access token.
  if (!accessTokens.has(bearer(request))) return unauthorized(response);

  if (method === "POST" && path === "/sessions/online") {
    const body = json(await readBody(request));
    const form = body?.formCode;
    if (form?.systemCode !== "FA (3)" || form.schemaVersion !== "1-0E" || form.value !== "FA")
      return refuse(response, 21405, "Błąd walidacji danych wejściowych.", ["Wskazany kod formularza nie jest wspierany."]);
    let key = Buffer.alloc(0);
    try {
      key = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
        Buffer.from(body.encryption?.encryptedSymmetricKey ?? "", "base64"),
      );
    } catch {
      key = Buffer.alloc(0);
    }
    const iv = Buffer.from(body.encryption?.initializationVector ?? "", "base64");
    if (key.length !== 32 || iv.length !== 16)
      return refuse(response, 21405, "Błąd walidacji danych wejściowych.", ["Nie udało się odszyfrować klucza symetrycznego."]);
    const reference = referenceNumber("SO");
    sessions.set(reference, { key, iv, open: true });
    return send(response, 201, { referenceNumber: reference, validUntil: inMinutes(12 * 60) });
  }
  const sessionInvoices = /^\/sessions\/online\/([^/]+)\/invoices\/?$/.exec(path);
  if (method === "POST" && sessionInvoices) {
    const session = sessions.get(sessionInvoices[1]);
    if (!session) return refuse(response, 21173, "Brak sesji o wskazanym numerze referencyjnym.");
    if (!session.open) return refuse(response, 21180, "Status sesji nie pozwala na wykonanie operacji.");
    const body = json(await readBody(request));
    const encrypted = Buffer.from(body?.encryptedInvoiceContent ?? "", "base64");
    if (encrypted.length !== body?.encryptedInvoiceSize)
      return refuse(response, 21402, "Nieprawidłowy rozmiar pliku.", ["Długość treści nie zgadza się z rozmiarem pliku."]);
    if (sha256(encrypted) !== body.encryptedInvoiceHash)
      return refuse(response, 21403, "Nieprawidłowy skrót pliku.", ["Skrót treści nie zgadza się ze skrótem pliku."]);
    let plain;
    try {
      const decipher = createDecipheriv("aes-256-cbc", session.key, session.iv);
      plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
    } catch {
      plain = null;
    }
    const reference = referenceNumber("EE");
    const xml = plain?.toString("utf8") ?? "";
    const invoice = {
      referenceNumber: reference,
      sessionReference: sessionInvoices[1],
      invoiceNumber: field(xml, "P_2"),
      kind: field(xml, "RodzajFaktury"),
      sellerNip: field(xml, "NIP"),
      issueDate: field(xml, "P_1"),
      invoiceHash: body.invoiceHash,
      xml,
      ksefNumber: null,
      acquiredAt: new Date().toISOString(),
      polls: 0,
      status: { code: 100, description: "Faktura przyjęta do dalszego przetwarzania" },
    };
    invoices.push(invoice);
    if (!plain) invoice.status = { code: 435, description: "Błąd odszyfrowania pliku" };
    else if (plain.length !== body.invoiceSize || sha256(plain) !== body.invoiceHash)
      invoice.status = {
        code: 430,
        description: "Błąd weryfikacji pliku faktury",
        details: ["Skrót lub rozmiar faktury nie zgadza się z treścią."],
      };
    else {
      invoice.status = await verify(xml, invoice);
      if (invoice.status.code === 200) invoice.ksefNumber = ksefNumberFor(invoice.sellerNip);
    }
    return send(response, 202, { referenceNumber: reference });
  }
  const close = /^\/sessions\/online\/([^/]+)\/close$/.exec(path);
  if (method === "POST" && close) {
    const session = sessions.get(close[1]);
    if (!session) return refuse(response, 21173, "Brak sesji o wskazanym numerze referencyjnym.");
    session.open = false;
    return send(response, 204);
  }
  const upoByKsefNumber = /^\/sessions\/([^/]+)\/invoices\/ksef\/([^/]+)\/upo$/.exec(path);
  if (method === "GET" && upoByKsefNumber) {
    const invoice = invoices.find(
      (entry) => entry.sessionReference === upoByKsefNumber[1] && entry.ksefNumber === decodeURIComponent(upoByKsefNumber[2]),
    );
    if (!invoice) return refuse(response, 21405, "Błąd walidacji danych wejściowych.", ["Nie znaleziono faktury."]);
    return send(response, 200, upo(invoice), "application/xml");
  }
  const list = /^\/sessions\/([^/]+)\/invoices$/.exec(path);
  if (method === "GET" && list)
    return send(response, 200, {
      continuationToken: null,
      invoices: invoices.filter((entry) => entry.sessionReference === list[1]).map(invoiceStatus),
    });
  const status = /^\/sessions\/([^/]+)\/invoices\/([^/]+)(\/upo)?$/.exec(path);
  if (method === "GET" && status) {
    const invoice = invoices.find((entry) => entry.sessionReference === status[1] && entry.referenceNumber === status[2]);
    if (!invoice) return refuse(response, 21405, "Błąd walidacji danych wejściowych.", ["Nie znaleziono faktury."]);
    if (status[3]) {
      if (invoice.status.code !== 200) return refuse(response, 21405, "Błąd walidacji danych wejściowych.", ["UPO nie jest dostępne."]);
      return send(response, 200, upo(invoice), "application/xml");
    }
    invoice.polls += 1;
    if (invoice.polls <= control.processingPolls)
      return send(response, 200, invoiceStatus({ ...invoice, status: { code: 150, description: "Trwa przetwarzanie" } }));
    return send(response, 200, invoiceStatus(invoice));
  }
  return send(response, 404, { title: "Not Found", status: 404 }, "application/problem+json");
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
  if (url.pathname === "/__health") return send(response, 200, { ok: true });
  if (url.pathname === "/__invoices") return send(response, 200, invoices);
  if (url.pathname === "/__calls") return send(response, 200, calls);
  if (url.pathname === "/__control" && request.method === "POST") {
    const body = json(await readBody(request)) ?? {};
    if (typeof body.outage === "boolean") control.outage = body.outage;
    if ("rejectNumbersStartingWith" in body) control.rejectNumbersStartingWith = body.rejectNumbersStartingWith;
    if (Number.isInteger(body.processingPolls)) control.processingPolls = body.processingPolls;
    return send(response, 200, control);
  }
  if (!url.pathname.startsWith("/v2/")) return send(response, 404, { title: "Not Found", status: 404 }, "application/problem+json");
  if (control.outage) return send(response, 503, { title: "Service Unavailable", status: 503 }, "application/problem+json");
  const call = `${request.method} ${url.pathname.slice(3).replace(/\/[0-9]{8}-[A-Z]{2}-[0-9A-F-]+/g, "/{ref}")}`;
  calls[call] = (calls[call] ?? 0) + 1;
  try {
    await api(request, response, url.pathname.slice(3));
  } catch (error) {
    send(response, 500, { title: "Internal Server Error", status: 500, detail: String(error) }, "application/problem+json");
  }
});

server.listen(port, "127.0.0.1", () => {
  console.log(`KSeF stand-in on http://127.0.0.1:${port}/v2 (token ${ksefToken}, NIP ${contextNip})`);
});
