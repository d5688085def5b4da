import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import {
  GatewayRefusedError,
  GatewayUnavailableError,
  type BlikCharge,
  type GatewayTransaction,
  type PaymentGateway,
  type RegisterRequest,
  type RefundRequest,
  type SignedNotification,
  type SignedRefundNotification,
  type VerifyRequest,
} from "./gateway";
import { notificationSign, refundNotificationSign, registerSign, verifySign } from "./p24-sign";
import { readAnswerJson } from "~/security/outside-answer.server";
import type { ServiceDependencies } from "~/security/outside-service.server";

export type Przelewy24Config = { merchantId: number; posId: number; apiKey: string; crc: string; apiUrl: string };

/** A customer waits on register and on a BLIK charge; Przelewy24 answers those within seconds, a charge may take a few more. */
export const PRZELEWY24_TIMEOUT_MS = 15_000;

/** Przelewy24's status of a transaction (transaction/by/sessionId): 0 no payment, 1 advance, 2 paid, 3 returned. */
const P24_PAID_STATUSES = new Set([1, 2]);

const NotificationSchema = z.object({
  merchantId: z.number().int(),
  posId: z.number().int(),
  sessionId: z.string().min(1).max(100),
  amount: z.number().int().positive(),
  originAmount: z.number().int().positive(),
  currency: z.string().length(3),
  orderId: z.number().int().positive(),
  methodId: z.number().int(),
  statement: z.string().max(200),
  sign: z.string().regex(/^[0-9a-f]{96}$/i),
});

/** The refund's result, posted to the refund's urlStatus (TransactionRefundResult): status 0 completed, 1 rejected. */
const RefundNotificationSchema = z.object({
  orderId: z.number().int().positive(),
  sessionId: z.string().min(1).max(100),
  merchantId: z.number().int(),
  requestId: z.string().min(1).max(45),
  refundsUuid: z.string().min(1).max(35),
  amount: z.number().int().positive(),
  currency: z.string().length(3),
  timestamp: z.number().int(),
  status: z.union([z.literal(0), z.literal(1)]),
  sign: z.string().regex(/^[0-9a-f]{96}$/i),
});

/*
 * The documented bodies of each call's success. Przelewy24's OpenAPI answers register, verify and
 * transaction/by/sessionId with 200, chargeByCode and refund with 201 Created; any 2xx with the
 * expected body is a success, any 2xx without it is an answer we cannot read (never a "no").
 */
const RegisterSchema = z.object({ data: z.object({ token: z.string().regex(/^[A-Za-z0-9-]{1,100}$/) }) });
const BlikChargeSchema = z.object({ data: z.object({ orderId: z.number().int().nullable().optional() }) });
const VerifySchema = z.object({ data: z.object({ status: z.string() }) });
const RefundSchema = z.object({ data: z.array(z.object({ status: z.boolean() })).min(1) });

const TransactionSchema = z.object({
  data: z.object({
    orderId: z.number().int().nullable().optional(),
    sessionId: z.string(),
    status: z.number().int(),
    amount: z.number().int(),
    currency: z.string(),
    paymentMethod: z.number().int().nullable().optional(),
  }),
});

const succeeded = (status: number) => status >= 200 && status < 300;

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a.toLowerCase(), "utf8");
  const right = Buffer.from(b.toLowerCase(), "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The Przelewy24 REST API v1 adapter: HTTP Basic auth (posId:apiKey), JSON bodies, each
 * request that moves money signed with the CRC key. Nothing secret is ever put into an
 * error message or a log line: errors name the operation and the HTTP status only.
 */
export function createPrzelewy24Client(config: Przelewy24Config, { fetch: fetchImpl = fetch }: ServiceDependencies = {}): PaymentGateway {
  const authorization = `Basic ${Buffer.from(`${config.posId}:${config.apiKey}`).toString("base64")}`;

  async function call(operation: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      response = await fetchImpl(`${config.apiUrl}/api/v1/${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(PRZELEWY24_TIMEOUT_MS),
      });
    } catch (error) {
      throw new GatewayUnavailableError(operation, error instanceof Error ? error.name : "network error");
    }
    if (response.status >= 500 || response.status === 401 || response.status === 429)
      throw new GatewayUnavailableError(operation, `HTTP ${response.status}`);
    const json: unknown = await readAnswerJson(response).catch(() => null);
    return { status: response.status, json };
  }

  return {
    name: "przelewy24",

    async register(request: RegisterRequest) {
      const { status, json } = await call("register", "POST", "transaction/register", {
        merchantId: config.merchantId,
        posId: config.posId,
        sessionId: request.sessionId,
        amount: request.amountGrosze,
        currency: request.currency,
        description: request.description,
        email: request.email,
        country: "PL",
        language: request.language,
        urlReturn: request.urlReturn,
        urlStatus: request.urlStatus,
        sign: registerSign({
          sessionId: request.sessionId,
          merchantId: config.merchantId,
          amount: request.amountGrosze,
          currency: request.currency,
          crc: config.crc,
        }),
      });
      const parsed = RegisterSchema.safeParse(json);
      if (!succeeded(status) || !parsed.success) throw new GatewayUnavailableError("register", `HTTP ${status}`);
      const { token } = parsed.data.data;
      return { token, redirectUrl: `${config.apiUrl}/trnRequest/${token}` };
    },

    async chargeBlik({ token, blikCode }): Promise<BlikCharge> {
      const { status, json } = await call("chargeBlik", "POST", "paymentMethod/blik/chargeByCode", { token, blikCode });
      // 400 is the documented refusal (invalid input: a wrong or expired code); nothing was charged.
      if (status === 400) throw new GatewayRefusedError("chargeBlik", "HTTP 400");
      const parsed = BlikChargeSchema.safeParse(json);
      if (!succeeded(status) || !parsed.success) throw new GatewayUnavailableError("chargeBlik", `HTTP ${status}`);
      const { orderId } = parsed.data.data;
      return { gatewayOrderId: orderId ? String(orderId) : null };
    },

    async verify(request: VerifyRequest) {
      const orderId = Number(request.gatewayOrderId);
      const { status, json } = await call("verify", "PUT", "transaction/verify", {
        merchantId: config.merchantId,
        posId: config.posId,
        sessionId: request.sessionId,
        amount: request.amountGrosze,
        currency: request.currency,
        orderId,
        sign: verifySign({
          sessionId: request.sessionId,
          orderId,
          amount: request.amountGrosze,
          currency: request.currency,
          crc: config.crc,
        }),
      });
      const parsed = VerifySchema.safeParse(json);
      if (!succeeded(status) || !parsed.success || parsed.data.data.status !== "success")
        throw new GatewayRefusedError("verify", `HTTP ${status}`);
    },

    async refund(request: RefundRequest) {
      const { status, json } = await call("refund", "POST", "transaction/refund", {
        requestId: request.requestId,
        refunds: [
          {
            orderId: Number(request.gatewayOrderId),
            sessionId: request.sessionId,
            amount: request.amountGrosze,
            description: request.description,
          },
        ],
        refundsUuid: request.refundsUuid,
        urlStatus: request.urlStatus,
      });
      // 400 (invalid input) and 409 (the transaction cannot be refunded) are documented refusals.
      if (status === 400 || status === 409) throw new GatewayRefusedError("refund", `HTTP ${status}`);
      const parsed = RefundSchema.safeParse(json);
      if (!succeeded(status) || !parsed.success) throw new GatewayUnavailableError("refund", `HTTP ${status}`);
      if (!parsed.data.data.every((item) => item.status)) throw new GatewayRefusedError("refund", "an item was refused");
    },

    async transactionBySessionId(sessionId: string): Promise<GatewayTransaction | null> {
      const { status, json } = await call("transactionBySessionId", "GET", `transaction/by/sessionId/${encodeURIComponent(sessionId)}`);
      if (status === 404 || status === 400) return null;
      const parsed = TransactionSchema.safeParse(json);
      if (!succeeded(status) || !parsed.success) throw new GatewayUnavailableError("transactionBySessionId", `HTTP ${status}`);
      const { data } = parsed.data;
      return {
        paid: P24_PAID_STATUSES.has(data.status),
        gatewayOrderId: data.orderId ? String(data.orderId) : null,
        amountGrosze: data.amount,
        currency: data.currency,
        methodId: data.paymentMethod ?? null,
      };
    },

    readNotification(body: unknown): SignedNotification | null {
      const parsed = NotificationSchema.safeParse(body);
      if (!parsed.success) return null;
      const { sign, ...fields } = parsed.data;
      if (!sameHex(sign, notificationSign({ ...fields, crc: config.crc }))) return null;
      if (fields.merchantId !== config.merchantId || fields.posId !== config.posId) return null;
      return {
        sessionId: fields.sessionId,
        gatewayOrderId: String(fields.orderId),
        amountGrosze: fields.amount,
        currency: fields.currency,
        methodId: fields.methodId,
      };
    },

    readRefundNotification(body: unknown): SignedRefundNotification | null {
      const parsed = RefundNotificationSchema.safeParse(body);
      if (!parsed.success) return null;
      const { sign, ...fields } = parsed.data;
      if (!sameHex(sign, refundNotificationSign({ ...fields, crc: config.crc }))) return null;
      if (fields.merchantId !== config.merchantId) return null;
      return {
        sessionId: fields.sessionId,
        gatewayOrderId: String(fields.orderId),
        refundsUuid: fields.refundsUuid,
        amountGrosze: fields.amount,
        currency: fields.currency,
        completed: fields.status === 0,
      };
    },
  };
}
