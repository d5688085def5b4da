/**
 * What the site needs from KSeF, the national e-invoicing system (docs/decisions/050). The invoice
 * domain and the outbox job talk to this interface only; app/ksef/ksef-api.server.ts implements it
 * over the KSeF API 2.0, tests/support/ksef-stand-in.mjs answers it in tests.
 */

/** Where one sent invoice can be found again: its interactive session and its own reference in it. */
export type KsefReference = { sessionReference: string; invoiceReference: string };

/**
 * What KSeF says of one sent invoice (its status codes: 100 and 150 still processing, 200 accepted,
 * 4xx rejected). A duplicate (440) names the original's KSeF number: the invoice is already there.
 */
export type KsefInvoiceStatus =
  | { state: "processing"; code: number; description: string }
  | { state: "accepted"; ksefNumber: string; acquisitionDate: string | null }
  | {
      state: "rejected";
      code: number;
      description: string;
      details: string[];
      /** Only for a duplicate: the invoice KSeF already holds, and the session it came in. */
      original: { ksefNumber: string; sessionReference: string | null } | null;
    };

/** An open interactive session: its reference, and the AES key its invoices are encrypted with (held in memory only). */
export type KsefSession = { reference: string; key: { key: Buffer; iv: Buffer } };

/** Where an accepted invoice's receipt (UPO) is: by its reference in the session, or by its KSeF number. */
export type KsefUpoLocation = KsefReference | { sessionReference: string; ksefNumber: string };

export interface KsefGateway {
  /**
   * Authenticates (or reuses a live access token) and opens an interactive session for FA(3)
   * with a fresh AES-256 key, encrypted under the Ministry's public key.
   */
  openSession(): Promise<KsefSession>;
  /**
   * Sends the invoice encrypted with the session's key, with the hashes and sizes of both files; answers its reference.
   * `offlineMode` declares an invoice issued offline (offline24): it went to its buyer before KSeF had it.
   */
  sendInvoice(session: KsefSession, xml: string, options?: { offlineMode?: boolean }): Promise<string>;
  /** Closes the session; KSeF then prepares the session's receipt. */
  closeSession(session: KsefSession): Promise<void>;
  /** The reference of the invoice with this SHA-256 (Base64) among those a session received, or null when it has none. */
  findInvoiceInSession(sessionReference: string, invoiceHash: string): Promise<string | null>;
  invoiceStatus(reference: KsefReference): Promise<KsefInvoiceStatus>;
  /** The official receipt (UPO) of an accepted invoice, as the XML KSeF signs. */
  invoiceUpo(location: KsefUpoLocation): Promise<string>;
}

/**
 * KSeF could not be reached, answered with a server error or too-many-requests, or in a shape its
 * documentation does not give: the caller may try again later.
 */
export class KsefUnavailableError extends Error {
  constructor(operation: string, detail: string) {
    super(`KSeF unavailable (${operation}): ${detail}`);
    this.name = "KsefUnavailableError";
  }
}

/**
 * KSeF refused a request (a 4xx answer, or authentication that ended in failure). Trying again
 * with the same data gives the same answer; `reason` is KSeF's own text, in Polish.
 */
export class KsefRefusedError extends Error {
  constructor(
    operation: string,
    readonly reason: string,
  ) {
    super(`KSeF refused (${operation}): ${reason}`);
    this.name = "KsefRefusedError";
  }
}
