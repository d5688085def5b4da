import type { KeyObject, X509Certificate } from "node:crypto";
import { TOKENS_WITHDRAWN_AT } from "./certificate.server";
import { z } from "zod";
import {
  encryptAes256Cbc,
  encryptKsefToken,
  encryptRsaOaepSha256,
  fileMetadata,
  newSessionKey,
  publicKeyOfCertificate,
} from "./crypto.server";
import { readAnswerText } from "~/security/outside-answer.server";
import { FA3_FORM_CODE } from "./fa3";
import {
  KsefRefusedError,
  KsefUnavailableError,
  type KsefGateway,
  type KsefInvoiceStatus,
  type KsefReference,
  type KsefSession,
} from "./gateway";
import type { ServiceDependencies } from "~/security/outside-service.server";
import { signedAuthTokenRequest, type SubjectIdentifierType } from "./xades.server";

export type KsefApiConfig = {
  /** The API's base, with its version: https://api-test.ksef.mf.gov.pl/v2 (test), https://api.ksef.mf.gov.pl/v2 (production). */
  apiUrl: string;
  /** The seller's NIP: the context the site signs in to. */
  nip: string;
  /** The type 1 KSeF certificate: the sign-in signs an AuthTokenRequest with it (XAdES, docs/decisions/056). */
  certificate?: { certificate: X509Certificate; privateKey: KeyObject; subjectIdentifierType: SubjectIdentifierType };
  /**
   * A KSeF token issued to the seller (Tokeny KSeF) with the InvoiceWrite permission: used alone, or
   * when KSeF refuses the certificate's sign-in; never from 1 January 2027, when tokens are withdrawn.
   */
  token?: string;
};

type Options = ServiceDependencies & {
  /** Waits between two looks at an authentication in progress. */
  pause?: (ms: number) => Promise<void>;
  /** How often to look before giving up for now (the outbox tries again later). */
  authPolls?: number;
};

/** Only the KSeF lane waits (no person does); KSeF's sign-in and an invoice's upload are slow at peak times. */
export const KSEF_TIMEOUT_MS = 20_000;

const TokenInfo = z.object({ token: z.string().min(1), validUntil: z.string() });
const Challenge = z.object({ challenge: z.string().min(1), timestampMs: z.number().int() });
const PublicKeyCertificates = z.array(z.object({ certificate: z.string().min(1), usage: z.array(z.string()) }));
const AuthInit = z.object({ referenceNumber: z.string().min(1), authenticationToken: TokenInfo });
const StatusInfo = z.object({ code: z.number().int(), description: z.string(), details: z.array(z.string()).nullish() });
const AuthStatus = z.object({ status: StatusInfo });
const Tokens = z.object({ accessToken: TokenInfo, refreshToken: TokenInfo });
const Refreshed = z.object({ accessToken: TokenInfo });
const Reference = z.object({ referenceNumber: z.string().min(1) });
const SessionInvoices = z.object({ invoices: z.array(z.object({ referenceNumber: z.string(), invoiceHash: z.string() })) });
const InvoiceStatus = z.object({
  ksefNumber: z.string().nullish(),
  acquisitionDate: z.string().nullish(),
  status: StatusInfo.extend({ extensions: z.record(z.string().nullable()).nullish() }),
});
/** A 4xx body: the classic ExceptionResponse, or Problem Details. */
const ErrorBody = z.union([
  z.object({
    exception: z.object({
      exceptionDetailList: z.array(
        z.object({
          exceptionCode: z.number().optional(),
          exceptionDescription: z.string().nullish(),
          details: z.array(z.string()).nullish(),
        }),
      ),
    }),
  }),
  z.object({
    detail: z.string().optional(),
    errors: z.array(z.object({ description: z.string(), details: z.array(z.string()).nullish() })).optional(),
  }),
]);

/** The authentication's status codes that end it (Uwierzytelnianie, GET /auth/{referenceNumber}): 100 in progress, 200 done. */
const AUTH_IN_PROGRESS = 100;
const AUTH_DONE = 200;
/** An invoice's status codes (GET /sessions/{ref}/invoices/{invoiceRef}): 100 and 150 processing, 200 done, 440 duplicate. */
const INVOICE_PROCESSING = new Set([100, 150]);
const INVOICE_ACCEPTED = 200;
const INVOICE_DUPLICATE = 440;
/** A token this close to its end is renewed first. */
const TOKEN_MARGIN_MS = 60_000;

function reasonOf(json: unknown, status: number): string {
  const parsed = ErrorBody.safeParse(json);
  if (!parsed.success) return `HTTP ${status}`;
  const entries =
    "exception" in parsed.data
      ? parsed.data.exception.exceptionDetailList.map((entry) => [entry.exceptionDescription ?? "", ...(entry.details ?? [])])
      : (parsed.data.errors ?? []).map((entry) => [entry.description, ...(entry.details ?? [])]);
  const text = entries.map((parts) => parts.filter(Boolean).join(": ")).join("; ");
  return text || ("detail" in parsed.data && parsed.data.detail) || `HTTP ${status}`;
}

/**
 * A thin client of the KSeF API 2.0 (its OpenAPI and documentation, CIRFMF/ksef-docs): JSON over
 * HTTPS, bearer tokens, the token and keys encrypted under the Ministry's published public keys.
 * Tokens live in memory only; nothing secret reaches an error message or a log line.
 */
export function createKsefClient(config: KsefApiConfig, options: Options = {}): KsefGateway {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const pause = options.pause ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const authPolls = options.authPolls ?? 30;
  const base = config.apiUrl.replace(/\/+$/, "");

  let keys: { token: KeyObject; symmetric: KeyObject } | null = null;
  let access: { token: string; validUntil: number } | null = null;
  let refresh: { token: string; validUntil: number } | null = null;

  async function call(
    operation: string,
    method: "GET" | "POST",
    path: string,
    { bearer, body, xml, accept = "application/json" }: { bearer?: string; body?: unknown; xml?: string; accept?: string } = {},
  ): Promise<{ status: number; json: unknown; text: string }> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          Accept: accept,
          ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
          ...(xml !== undefined ? { "Content-Type": "application/xml" } : body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: xml ?? (body === undefined ? undefined : JSON.stringify(body)),
        signal: AbortSignal.timeout(KSEF_TIMEOUT_MS),
      });
    } catch (error) {
      throw new KsefUnavailableError(operation, error instanceof Error ? error.name : "network error");
    }
    if (response.status >= 500 || response.status === 429) throw new KsefUnavailableError(operation, `HTTP ${response.status}`);
    const text = await readAnswerText(response).catch(() => "");
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (response.status >= 400 && response.status !== 401) throw new KsefRefusedError(operation, reasonOf(json, response.status));
    return { status: response.status, json, text };
  }

  function parse<T>(operation: string, schema: z.ZodType<T>, answer: { status: number; json: unknown }, expected: number): T {
    const parsed = schema.safeParse(answer.json);
    if (answer.status !== expected || !parsed.success)
      throw new KsefUnavailableError(operation, `unexpected answer (HTTP ${answer.status})`);
    return parsed.data;
  }

  /** The Ministry's keys: one for KSeF tokens, one for the symmetric keys of sessions (they may be rotated; fetched per process). */
  async function publicKeys() {
    if (keys) return keys;
    const certificates = parse(
      "public-key-certificates",
      PublicKeyCertificates,
      await call("public-key-certificates", "GET", "/security/public-key-certificates"),
      200,
    );
    const forUsage = (usage: string) => {
      const found = certificates.find((certificate) => certificate.usage.includes(usage));
      if (!found) throw new KsefUnavailableError("public-key-certificates", `no certificate for ${usage}`);
      return publicKeyOfCertificate(found.certificate);
    };
    keys = { token: forUsage("KsefTokenEncryption"), symmetric: forUsage("SymmetricKeyEncryption") };
    return keys;
  }

  /** Starts a sign-in with the certificate: the challenge, signed into an AuthTokenRequest (XAdES). */
  async function startWithCertificate(certificate: NonNullable<KsefApiConfig["certificate"]>) {
    const challenge = parse("auth/challenge", Challenge, await call("auth/challenge", "POST", "/auth/challenge"), 200);
    const xml = signedAuthTokenRequest({
      challenge: challenge.challenge,
      nip: config.nip,
      subjectIdentifierType: certificate.subjectIdentifierType,
      certificate: certificate.certificate,
      privateKey: certificate.privateKey,
      signingTime: now(),
    });
    return parse("auth/xades-signature", AuthInit, await call("auth/xades-signature", "POST", "/auth/xades-signature", { xml }), 202);
  }

  /** Starts a sign-in with the KSeF token: `token|timestampMs` under the Ministry's key. */
  async function startWithToken(token: string) {
    const { token: tokenKey } = await publicKeys();
    const challenge = parse("auth/challenge", Challenge, await call("auth/challenge", "POST", "/auth/challenge"), 200);
    return parse(
      "auth/ksef-token",
      AuthInit,
      await call("auth/ksef-token", "POST", "/auth/ksef-token", {
        body: {
          challenge: challenge.challenge,
          contextIdentifier: { type: "Nip", value: config.nip },
          encryptedToken: encryptKsefToken(tokenKey, token, challenge.timestampMs),
        },
      }),
      202,
    );
  }

  /**
   * Signs in with the certificate; with a token beside it, the token is tried when KSeF refuses the
   * certificate, until tokens are withdrawn (1 January 2027). Errors name no secret.
   */
  async function authenticate(): Promise<string> {
    const tokenTaken = config.token !== undefined && now().getTime() < TOKENS_WITHDRAWN_AT.getTime();
    if (config.certificate) {
      try {
        return await finishSignIn(await startWithCertificate(config.certificate));
      } catch (error) {
        if (!(error instanceof KsefRefusedError) || !tokenTaken) throw error;
      }
    }
    if (config.token === undefined) throw new KsefRefusedError("auth", "brak certyfikatu KSeF do logowania");
    if (!tokenTaken)
      throw new KsefRefusedError("auth", "tokeny KSeF wycofano 1 stycznia 2027: potrzebny certyfikat KSeF (KSEF_CERT_FILE, KSEF_KEY_FILE)");
    return finishSignIn(await startWithToken(config.token));
  }

  /** The rest of a sign-in, whichever way it started: the status until done, then the tokens, redeemed once. */
  async function finishSignIn(init: z.infer<typeof AuthInit>): Promise<string> {
    const operationToken = init.authenticationToken.token;
    for (let poll = 0; ; poll++) {
      const { status } = parse(
        "auth/status",
        AuthStatus,
        await call("auth/status", "GET", `/auth/${encodeURIComponent(init.referenceNumber)}`, { bearer: operationToken }),
        200,
      );
      if (status.code === AUTH_DONE) break;
      if (status.code !== AUTH_IN_PROGRESS)
        throw new KsefRefusedError("auth/status", [status.description, ...(status.details ?? [])].join(": "));
      if (poll + 1 >= authPolls) throw new KsefUnavailableError("auth/status", "authentication still in progress");
      await pause(1000);
    }
    const tokens = parse(
      "auth/token/redeem",
      Tokens,
      await call("auth/token/redeem", "POST", "/auth/token/redeem", { bearer: operationToken }),
      200,
    );
    access = { token: tokens.accessToken.token, validUntil: Date.parse(tokens.accessToken.validUntil) };
    refresh = { token: tokens.refreshToken.token, validUntil: Date.parse(tokens.refreshToken.validUntil) };
    return access.token;
  }

  const live = (held: { validUntil: number } | null) => held !== null && held.validUntil - TOKEN_MARGIN_MS > now().getTime();

  /** A live access token: the one held, a refreshed one, or a new authentication's. */
  async function accessToken(): Promise<string> {
    if (access && live(access)) return access.token;
    if (refresh && live(refresh)) {
      const answer = await call("auth/token/refresh", "POST", "/auth/token/refresh", { bearer: refresh.token });
      const parsed = Refreshed.safeParse(answer.json);
      if (answer.status === 200 && parsed.success) {
        access = { token: parsed.data.accessToken.token, validUntil: Date.parse(parsed.data.accessToken.validUntil) };
        return access.token;
      }
      refresh = null;
    }
    return authenticate();
  }

  /** A call with the access token; a 401 (a token revoked before its time) authenticates once more. */
  async function authorised(operation: string, method: "GET" | "POST", path: string, options: { body?: unknown; accept?: string } = {}) {
    const answer = await call(operation, method, path, { ...options, bearer: await accessToken() });
    if (answer.status !== 401) return answer;
    access = null;
    refresh = null;
    const again = await call(operation, method, path, { ...options, bearer: await accessToken() });
    if (again.status === 401) throw new KsefRefusedError(operation, "brak autoryzacji (HTTP 401)");
    return again;
  }

  const sessionPath = (session: KsefSession) => `/sessions/online/${encodeURIComponent(session.reference)}`;

  return {
    async openSession() {
      const { symmetric } = await publicKeys();
      const key = newSessionKey();
      const session = parse(
        "sessions/online",
        Reference,
        await authorised("sessions/online", "POST", "/sessions/online", {
          body: {
            formCode: FA3_FORM_CODE,
            encryption: {
              encryptedSymmetricKey: encryptRsaOaepSha256(symmetric, key.key).toString("base64"),
              initializationVector: key.iv.toString("base64"),
            },
          },
        }),
        201,
      );
      return { reference: session.referenceNumber, key };
    },

    async sendInvoice(session, xml, { offlineMode = false } = {}) {
      const plain = Buffer.from(xml, "utf8");
      const encrypted = encryptAes256Cbc(session.key, plain);
      const plainFile = fileMetadata(plain);
      const encryptedFile = fileMetadata(encrypted);
      const sent = parse(
        "sessions/online/invoices",
        Reference,
        await authorised("sessions/online/invoices", "POST", `${sessionPath(session)}/invoices`, {
          body: {
            invoiceHash: plainFile.hash,
            invoiceSize: plainFile.size,
            encryptedInvoiceHash: encryptedFile.hash,
            encryptedInvoiceSize: encryptedFile.size,
            encryptedInvoiceContent: encrypted.toString("base64"),
            ...(offlineMode ? { offlineMode: true } : {}),
          },
        }),
        202,
      );
      return sent.referenceNumber;
    },

    async closeSession(session) {
      const answer = await authorised("sessions/online/close", "POST", `${sessionPath(session)}/close`);
      if (answer.status !== 204) throw new KsefUnavailableError("sessions/online/close", `unexpected answer (HTTP ${answer.status})`);
    },

    async findInvoiceInSession(sessionReference, invoiceHash) {
      // One session holds the invoices of one order's sending: a page of 1000 is all of them.
      const answer = parse(
        "sessions/invoices",
        SessionInvoices,
        await authorised("sessions/invoices", "GET", `/sessions/${encodeURIComponent(sessionReference)}/invoices?pageSize=1000`),
        200,
      );
      return answer.invoices.find((invoice) => invoice.invoiceHash === invoiceHash)?.referenceNumber ?? null;
    },

    async invoiceStatus(reference: KsefReference): Promise<KsefInvoiceStatus> {
      const answer = parse(
        "sessions/invoices/status",
        InvoiceStatus,
        await authorised(
          "sessions/invoices/status",
          "GET",
          `/sessions/${encodeURIComponent(reference.sessionReference)}/invoices/${encodeURIComponent(reference.invoiceReference)}`,
        ),
        200,
      );
      const { code, description } = answer.status;
      if (INVOICE_PROCESSING.has(code)) return { state: "processing", code, description };
      if (code === INVOICE_ACCEPTED && answer.ksefNumber)
        return { state: "accepted", ksefNumber: answer.ksefNumber, acquisitionDate: answer.acquisitionDate ?? null };
      const extensions = answer.status.extensions ?? {};
      const originalKsefNumber = code === INVOICE_DUPLICATE ? extensions.originalKsefNumber : null;
      return {
        state: "rejected",
        code,
        description,
        details: answer.status.details ?? [],
        original: originalKsefNumber
          ? { ksefNumber: originalKsefNumber, sessionReference: extensions.originalSessionReferenceNumber ?? null }
          : null,
      };
    },

    async invoiceUpo(location) {
      const invoicePath =
        "ksefNumber" in location ? `ksef/${encodeURIComponent(location.ksefNumber)}` : encodeURIComponent(location.invoiceReference);
      const answer = await authorised(
        "sessions/invoices/upo",
        "GET",
        `/sessions/${encodeURIComponent(location.sessionReference)}/invoices/${invoicePath}/upo`,
        {
          accept: "application/xml",
        },
      );
      if (answer.status !== 200 || !answer.text.includes("<"))
        throw new KsefUnavailableError("sessions/invoices/upo", `unexpected answer (HTTP ${answer.status})`);
      return answer.text;
    },
  };
}
