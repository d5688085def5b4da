/**
 * What the site needs from an online payment gateway (docs/decisions/028). Routes and the
 * payment domain talk to this interface only; app/payments/przelewy24.server.ts implements it.
 * Amounts are integers in grosze.
 */
export type RegisterRequest = {
  sessionId: string;
  amountGrosze: number;
  currency: string;
  description: string;
  email: string;
  language: string;
  urlReturn: string;
  urlStatus: string;
};

/** A BLIK code the gateway took; a refused one is a GatewayRefusedError. */
export type BlikCharge = { gatewayOrderId: string | null };

/** What the gateway says about one transaction when asked (a notification lost in transit). */
export type GatewayTransaction = {
  paid: boolean;
  gatewayOrderId: string | null;
  amountGrosze: number;
  currency: string;
  methodId: number | null;
};

/** A notification whose signature and merchant are right; its amount is still to be checked against the order. */
export type SignedNotification = {
  sessionId: string;
  gatewayOrderId: string;
  amountGrosze: number;
  currency: string;
  methodId: number | null;
};

export type VerifyRequest = { sessionId: string; gatewayOrderId: string; amountGrosze: number; currency: string };

/** `refundsUuid` names the refund in our system; the gateway's refund notification carries it back. */
export type RefundRequest = VerifyRequest & { requestId: string; refundsUuid: string; description: string; urlStatus: string };

/** A refund notification whose signature and merchant are right: the gateway completed the refund, or rejected it. */
export type SignedRefundNotification = {
  sessionId: string;
  gatewayOrderId: string;
  refundsUuid: string;
  amountGrosze: number;
  currency: string;
  completed: boolean;
};

export interface PaymentGateway {
  /** The gateway's name, stored with each payment. */
  readonly name: string;
  /** Registers a transaction; the token pays it by BLIK, the URL sends the customer to the gateway's page. */
  register(request: RegisterRequest): Promise<{ token: string; redirectUrl: string }>;
  /** Charges a BLIK code; GatewayRefusedError when the gateway refused the code (wrong or expired): nothing was charged. */
  chargeBlik(input: { token: string; blikCode: string }): Promise<BlikCharge>;
  /** Confirms a notified payment with the gateway; only then is the money ours. GatewayRefusedError when it does not confirm it. */
  verify(request: VerifyRequest): Promise<void>;
  /**
   * Asks for a refund: resolves when the gateway took the request, whose result comes later as a
   * refund notification; GatewayRefusedError when it refused it.
   */
  refund(request: RefundRequest): Promise<void>;
  /** The transaction's state, or null when the gateway does not know the session. */
  transactionBySessionId(sessionId: string): Promise<GatewayTransaction | null>;
  /** Reads a notification's body: null unless its signature (checked in constant time) and merchant are right. */
  readNotification(body: unknown): SignedNotification | null;
  /** Reads a refund notification's body, checked the same way. */
  readRefundNotification(body: unknown): SignedRefundNotification | null;
}

/**
 * The gateway could not be reached, answered with a server error, or answered in a shape its
 * documentation does not give: the caller may try again later, and must not take it as a "no"
 * (a charge whose answer was lost may have taken the money).
 */
export class GatewayUnavailableError extends Error {
  constructor(operation: string, detail: string) {
    super(`payment gateway unavailable (${operation}): ${detail}`);
    this.name = "GatewayUnavailableError";
  }
}

/**
 * The gateway answered and said no, for good: a BLIK code refused, a payment it does not confirm, a
 * refund it will not make. The same request gets the same answer.
 */
export class GatewayRefusedError extends Error {
  constructor(
    readonly operation: string,
    detail: string,
  ) {
    super(`payment gateway refused (${operation}): ${detail}`);
    this.name = "GatewayRefusedError";
  }
}
