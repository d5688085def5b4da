import type { AppDatabase } from "~/db/db.server";
import type { PaymentGateway } from "./gateway";
import { settleVerified } from "./settle.server";
import { log } from "~/log/log.server";

export type NotificationAnswer = { status: 200 | 400 | 503; outcome: string };

/**
 * A payment notification (urlStatus), checked before anything changes: the signature (in
 * constant time) and merchant, the amount and currency against our payment and its order,
 * then transaction/verify with the gateway. A repeat answers 200 and changes nothing; a
 * forged, mismatched or unknown one answers 400. The log names ids, never the body.
 */
export async function handleNotification(db: AppDatabase, gateway: PaymentGateway, body: unknown, now: Date): Promise<NotificationAnswer> {
  const notification = gateway.readNotification(body);
  if (!notification) {
    log.warn("payment notification refused: bad signature or shape");
    return { status: 400, outcome: "bad-signature" };
  }
  const { outcome, payment } = await settleVerified(db, gateway, notification, now);
  const ids = `session ${notification.sessionId}, gateway order ${notification.gatewayOrderId}${payment ? `, payment ${payment.id}, order ${payment.order_id}` : ""}`;
  switch (outcome) {
    case "paid":
      log.info(`payment notification applied (${ids})`);
      return { status: 200, outcome };
    case "already-paid":
      return { status: 200, outcome };
    case "unavailable":
      // The gateway retries a notification that was not answered 200.
      log.warn(`payment notification not verified yet, gateway unavailable (${ids})`);
      return { status: 503, outcome };
    default:
      log.warn(`payment notification refused: ${outcome} (${ids})`);
      return { status: 400, outcome };
  }
}
