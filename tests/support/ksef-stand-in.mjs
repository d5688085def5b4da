#!/usr/bin/env node
// A stand-in for the KSeF API 2.0 (the Ministry of Finance's e-invoicing system), on 127.0.0.1 only, for the
// tests and for `npm run dev:ksef`. It speaks what the site uses, with the paths, bodies and status codes of the
// published OpenAPI (CIRFMF/ksef-docs, open-api.json, version 2.6; docs/decisions/050), under /v2 as the real one:
//   GET  /v2/security/public-key-certificates     -> 200 [{certificate (DER, Base64), usage: [KsefTokenEncryption]}, {... SymmetricKeyEncryption}]
//                                                    its own RSA key pair, in a self-signed X.509 certificate it makes at start
//   POST /v2/auth/challenge                        -> 200 {challenge, timestamp, timestampMs, clientIp}
//   POST /v2/auth/ksef-token                       -> 202 {referenceNumber, authenticationToken}; it decrypts encryptedToken
//                                                    (RSA-OAEP, SHA-256) and checks "token|timestampMs" and the context NIP
//   POST /v2/auth/xades-signature                  -> 202 {referenceNumber, authenticationToken} for an AuthTokenRequest (auth v2.0 or
//                                                    v2.1) with an enveloped XAdES signature, verified by xmlsec1, not by the
//                                                    site's code; 400 9102 no signature, 9105 a broken or tampered one, 21111 a
//                                                    challenge not given, expired or used before, 21401 not such a document
//   GET  /v2/auth/{referenceNumber}                -> 200 {status: 100 in progress (once), then 200, or 450 for a wrong or withdrawn
//                                                    token, 460 for a certificate out of its validity or not one KSeF issued
//                                                    (registered), 415 for another NIP than the stand-in's}
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
//   POST /__control {outage?: boolean, rejectNumbersStartingWith?: string | null, processingPolls?: number,
//                    tokensWithdrawn?: boolean, registerCertificates?: string[]}
//     outage: every API path answers 503; rejectNumbersStartingWith: those invoices end in 450 with a reason in
//     Polish; processingPolls: how many status looks answer 150 before the result; tokensWithdrawn: every token
//     sign-in ends in 450 "Token unieważniony", as after 31 December 2026; registerCertificates: PEM certificates
//     KSeF knows as issued (besides KSEF_CERT_FILE and KSEF_OFFLINE_CERT_FILE)
//   GET  /__invoices   every invoice received: {invoiceNumber, invoiceHash, xml, ksefNumber, status, sessionReference, offlineMode}
//   GET  /__calls      how often each API call was answered: {"POST /auth/challenge": 1, "GET /sessions/{ref}/invoices/{ref}": 2, ...}
//   GET  /__health
// Configuration: KSEF_STAND_IN_PORT (default E2E_PORT + 7, else 3107: the InPost stand-in has +6 and 3106), KSEF_TOKEN and KSEF_NIP (defaults below, the
// same as `npm run dev:ksef`'s), KSEF_CERT_FILE and KSEF_OFFLINE_CERT_FILE (the site's certificates, registered).
import { execFile } from "node:child_process";
import { constants, createDecipheriv, createHash, generateKeyPairSync, privateDecrypt, randomBytes, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { validateFa3Xml } from "../../app/ksef/fa3-schema.server.ts";
import { pem, selfSignedCertificate } from "./test-certificates.mjs";

const port = Number(process.env.KSEF_STAND_IN_PORT ?? (process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 7 : 3107));
const ksefToken = process.env.KSEF_TOKEN || "stand-in-ksef-token";
const contextNip = process.env.KSEF_NIP || "5265877635";
/** The KSeF certificates KSeF issued (and so knows), by their SHA-256 fingerprint: the site's, from the files it is given. */
const registeredCertificates = new Set(
  [process.env.KSEF_CERT_FILE, process.env.KSEF_OFFLINE_CERT_FILE]
    .filter(Boolean)
    .map((file) => new X509Certificate(readFileSync(file)).fingerprint256),
);

const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

// KSeF publishes its keys as certificates: a self-signed one of the stand-in's key.
const validFrom = new Date(Date.now() - 86_400_000);
const validTo = new Date(Date.now() + 365 * 86_400_000);
const certificate = selfSignedCertificate({
  subject: [["CN", "KSeF stand-in"]],
  keyPair: { publicKey, privateKey },
  notBefore: validFrom,
  notAfter: validTo,
});
const sha256 = (data) => createHash("sha256").update(data).digest("base64");

// --- state ---
const challenges = new Map(); // challenge -> timestampMs
const authentications = new Map(); // referenceNumber -> {operationToken, failure (a status 4xx) or null, method, polls, redeemed}
const accessTokens = new Set();
const refreshTokens = new Set();
const sessions = new Map(); // referenceNumber -> {key, iv, open}
const invoices = []; // {referenceNumber, sessionReference, invoiceNumber, invoiceHash, xml, ksefNumber, status, polls, kind, sellerNip, issueDate}
const control = { outage: false, rejectNumbersStartingWith: null, processingPolls: 0, tokensWithdrawn: false };
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
    invoicingMode: invoice.offlineMode ? "Offline" : "Online",
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
<Dokument><NipSprzedawcy>${invoice.sellerNip}</NipSprzedawcy><NumerKSeFDokumentu>${invoice.ksefNumber}</NumerKSeFDokumentu><NumerFaktury>${invoice.invoiceNumber}</NumerFaktury><DataWystawieniaFaktury>${invoice.issueDate}</DataWystawieniaFaktury><DataPrzeslaniaDokumentu>${invoice.acquiredAt}</DataPrzeslaniaDokumentu><DataNadaniaNumeruKSeF>${invoice.acquiredAt}</DataNadaniaNumeruKSeF><SkrotDokumentu>${invoice.invoiceHash}</SkrotDokumentu><TrybWysylki>${invoice.offlineMode ? "Offline" : "Online"}</TrybWysylki></Dokument>
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

const TOKEN_FAILURE = "Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu";
const CERTIFICATE_FAILURE = "Uwierzytelnianie zakończone niepowodzeniem z powodu błędu certyfikatu";

function startAuthentication(response, failure, method) {
  const reference = referenceNumber("AU");
  const operationToken = jwt();
  authentications.set(reference, { operationToken, failure, method, polls: 0, redeemed: false });
  return send(response, 202, { referenceNumber: reference, authenticationToken: { token: operationToken, validUntil: inMinutes(10) } });
}

const DS = "http://www.w3.org/2000/09/xmldsig#";
const XADES = "http://uri.etsi.org/01903/v1.3.2#";
const AUTH_NAMESPACES = ["http://ksef.mf.gov.pl/auth/token/2.0", "http://ksef.mf.gov.pl/auth/token/2.1"];
const SIGNATURE_METHODS = ["http://www.w3.org/2001/04/xmldsig-more#rsa-sha256", "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"];
/** An element's text by its local name, whatever its prefix. */
const local = (xml, name) => new RegExp(`<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?>([^<]*)</(?:[\\w-]+:)?${name}>`).exec(xml)?.[1] ?? null;

/** Verifies an enveloped XML signature with xmlsec1 (Debian's xmlsec1), against the certificate given: true when it holds. */
function xmlsecVerifies(xml, certificatePem) {
  const dir = mkdtempSync(join(tmpdir(), "ksef-xades-"));
  writeFileSync(join(dir, "request.xml"), xml);
  writeFileSync(join(dir, "signer.pem"), certificatePem);
  return new Promise((resolve, reject) => {
    execFile(
      "xmlsec1",
      ["--verify", "--pubkey-cert-pem", join(dir, "signer.pem"), "--id-attr:Id", `${XADES}:SignedProperties`, join(dir, "request.xml")],
      (error) => {
        rmSync(dir, { recursive: true, force: true });
        if (error?.code === "ENOENT") reject(new Error("xmlsec1 is not installed (apt-get install xmlsec1)"));
        else resolve(!error);
      },
    );
  });
}

/**
 * What KSeF decides of a signed AuthTokenRequest ("Uwierzytelnianie", "Podpis XAdES", POST /auth/xades-signature):
 * a refusal at once (400 with its exception code) for a document that is no such request, carries no or a broken
 * signature, or names a challenge not given or given before; otherwise a sign-in that ends in a failure status
 * (460 for a certificate out of its validity or one KSeF did not issue, 415 for a context the signer has no
 * permissions in) or in success. The signature is verified by xmlsec1 over the whole document (the reference
 * URI="" with the enveloped-signature transform) and the XAdES SignedProperties, whose certificate digest must be
 * the certificate's in KeyInfo.
 */
async function checkSignedRequest(xml) {
  const root = /<(?:[\w-]+:)?AuthTokenRequest\b[^>]*\bxmlns(?::[\w-]+)?="([^"]+)"/.exec(xml)?.[1];
  if (!root || !AUTH_NAMESPACES.includes(root)) return { refusal: [21401, "Dokument nie jest zgodny ze schemą (xsd)."] };
  const signatures = xml.match(/<(?:[\w-]+:)?Signature[\s>]/g) ?? [];
  if (signatures.length === 0) return { refusal: [9102, "Brak podpisu."] };
  if (signatures.length > 1) return { refusal: [9103, "Przekroczona liczba dozwolonych podpisów."] };
  const challenge = local(xml, "Challenge");
  const nip = local(xml, "Nip");
  const subjectType = local(xml, "SubjectIdentifierType");
  const certificateBase64 = local(xml, "X509Certificate")?.replace(/\s/g, "");
  if (!challenge || !nip || !subjectType || !certificateBase64) return { refusal: [9101, "Nieprawidłowy dokument."] };
  let signer;
  try {
    signer = new X509Certificate(Buffer.from(certificateBase64, "base64"));
  } catch {
    return { refusal: [21115, "Nieprawidłowy certyfikat."] };
  }
  const method = /<(?:[\w-]+:)?SignatureMethod\s+Algorithm="([^"]+)"/.exec(xml)?.[1];
  const wholeDocument = /<(?:[\w-]+:)?Reference\b[^>]*\bURI=""[^>]*>.*?xmldsig#enveloped-signature/s.test(xml);
  const propertiesReferenced = /<(?:[\w-]+:)?Reference\b[^>]*\bType="http:\/\/uri\.etsi\.org\/01903#SignedProperties"/.test(xml);
  const certificateDigest = /<(?:[\w-]+:)?CertDigest>.*?<(?:[\w-]+:)?DigestValue[^>]*>([^<]+)</s.exec(xml)?.[1];
  if (
    !SIGNATURE_METHODS.includes(method) ||
    !wholeDocument ||
    !propertiesReferenced ||
    !xml.includes(DS) ||
    certificateDigest !== sha256(signer.raw) ||
    !(await xmlsecVerifies(xml, pem("CERTIFICATE", signer.raw)))
  )
    return { refusal: [9105, "Nieprawidłowy podpis."] };
  // A challenge is good once, for ten minutes.
  const issued = challenges.get(challenge);
  challenges.delete(challenge);
  if (issued === undefined || Date.now() - issued > 10 * 60_000) return { refusal: [21111, "Nieprawidłowe wyzwanie autoryzacyjne."] };

  const now = Date.now();
  if (now < signer.validFromDate.getTime() || now > signer.validToDate.getTime())
    return { failure: { code: 460, description: CERTIFICATE_FAILURE, details: ["Nieważny certyfikat."] } };
  if (!registeredCertificates.has(signer.fingerprint256))
    return { failure: { code: 460, description: CERTIFICATE_FAILURE, details: ["Niezaufany łańcuch certyfikatów."] } };
  const subjectNips = [...signer.subject.matchAll(/(?:VATPL|TINPL|NIP)-?(\d{10})/g)].map((match) => match[1]);
  const permitted = nip === contextNip && (subjectType === "certificateFingerprint" || subjectNips.includes(contextNip));
  if (!permitted)
    return { failure: { code: 415, description: "Uwierzytelnianie zakończone niepowodzeniem", details: ["Brak przypisanych uprawnień"] } };
  return { failure: null };
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
    const failure = control.tokensWithdrawn
      ? { code: 450, description: TOKEN_FAILURE, details: ["Token unieważniony"] }
      : ok
        ? null
        : { code: 450, description: TOKEN_FAILURE, details: ["Nieprawidłowy token"] };
    return startAuthentication(response, failure, "Token");
  }
  if (method === "POST" && path === "/auth/xades-signature") {
    const xml = await readBody(request);
    const checked = await checkSignedRequest(xml);
    if (checked.refusal) return refuse(response, ...checked.refusal);
    return startAuthentication(response, checked.failure, "InternalCertificate");
  }
  const authStatus = /^\/auth\/([^/]+)$/.exec(path);
  if (method === "GET" && authStatus && authStatus[1] !== "challenge") {
    const authentication = authentications.get(authStatus[1]);
    if (!authentication || bearer(request) !== authentication.operationToken) return unauthorized(response);
    authentication.polls += 1;
    const status =
      authentication.polls === 1
        ? { code: 100, description: "Uwierzytelnianie w toku" }
        : (authentication.failure ?? { code: 200, description: "Uwierzytelnianie zakończone sukcesem" });
    return send(response, 200, {
      startDate: new Date().toISOString(),
      authenticationMethod: authentication.method,
      authenticationMethodInfo:
        authentication.method === "Token"
          ? { category: "Token", code: "token.ksef", displayName: "Token KSeF" }
          : { category: "XadesSignature", code: "xades.internal", displayName: "Certyfikat KSeF" },
      status,
    });
  }
  if (method === "POST" && path === "/auth/token/redeem") {
    const authentication = [...authentications.values()].find((entry) => entry.operationToken === bearer(request));
    if (!authentication) return unauthorized(response);
    if (authentication.redeemed || authentication.failure || authentication.polls < 2)
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
      offlineMode: body.offlineMode === true,
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
    if (typeof body.tokensWithdrawn === "boolean") control.tokensWithdrawn = body.tokensWithdrawn;
    for (const certificatePem of body.registerCertificates ?? [])
      registeredCertificates.add(new X509Certificate(certificatePem).fingerprint256);
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
