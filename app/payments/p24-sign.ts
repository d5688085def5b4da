import { createHash } from "node:crypto";

/**
 * Przelewy24 signs with SHA-384 (hex) of a JSON object whose keys come in the order its
 * documentation gives, serialised without escaped slashes or unicode (PHP's
 * JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES). JSON.stringify writes exactly that for
 * strings and integers, and keeps the insertion order of the keys, so each function below
 * builds its object in the documented order.
 */
function sha384Hex(fields: Record<string, string | number>): string {
  return createHash("sha384").update(JSON.stringify(fields), "utf8").digest("hex");
}

export function registerSign(input: { sessionId: string; merchantId: number; amount: number; currency: string; crc: string }): string {
  return sha384Hex({
    sessionId: input.sessionId,
    merchantId: input.merchantId,
    amount: input.amount,
    currency: input.currency,
    crc: input.crc,
  });
}

export function verifySign(input: { sessionId: string; orderId: number; amount: number; currency: string; crc: string }): string {
  return sha384Hex({ sessionId: input.sessionId, orderId: input.orderId, amount: input.amount, currency: input.currency, crc: input.crc });
}

export type NotificationFields = {
  merchantId: number;
  posId: number;
  sessionId: string;
  amount: number;
  originAmount: number;
  currency: string;
  orderId: number;
  methodId: number;
  statement: string;
};

export function notificationSign(input: NotificationFields & { crc: string }): string {
  return sha384Hex({
    merchantId: input.merchantId,
    posId: input.posId,
    sessionId: input.sessionId,
    amount: input.amount,
    originAmount: input.originAmount,
    currency: input.currency,
    orderId: input.orderId,
    methodId: input.methodId,
    statement: input.statement,
    crc: input.crc,
  });
}

export type RefundNotificationFields = {
  orderId: number;
  sessionId: string;
  refundsUuid: string;
  merchantId: number;
  amount: number;
  currency: string;
  status: number;
};

/** The refund notification's sign (the documented TransactionRefundResult): its own fields, in its own order. */
export function refundNotificationSign(input: RefundNotificationFields & { crc: string }): string {
  return sha384Hex({
    orderId: input.orderId,
    sessionId: input.sessionId,
    refundsUuid: input.refundsUuid,
    merchantId: input.merchantId,
    amount: input.amount,
    currency: input.currency,
    status: input.status,
    crc: input.crc,
  });
}
