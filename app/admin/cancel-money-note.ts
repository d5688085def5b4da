import { formatPrice } from "~/i18n/money";
import type { RefundAfterDecision } from "~/order/lifecycle/refund-ceiling.server";
import type { MoneyHeld } from "~/order/lifecycle/refund-ceiling.server";
import { PAYMENT_TEXT } from "~/payments/admin-texts";

/**
 * What the cancel form tells the operator about the money the order holds: returned online in the
 * same step, or recorded as due back by transfer. After a withdrawal decision that kept an amount
 * (art. 35) what goes back is the refund field's amount, at most the payment less the amount kept,
 * so the note names that ceiling instead of the payment. Null when the order holds no money.
 */
export function cancelMoneyNote(moneyHeld: MoneyHeld, afterDecision: RefundAfterDecision | null): string | null {
  const most = afterDecision ? formatPrice(afterDecision.refundGrosze, "pl") : null;
  if (moneyHeld.online !== null)
    return most ? PAYMENT_TEXT.heldOnlineAfterDecision(most) : PAYMENT_TEXT.heldOnline(formatPrice(moneyHeld.online, "pl"));
  if (moneyHeld.byTransfer !== null)
    return most ? PAYMENT_TEXT.heldTransferAfterDecision(most) : PAYMENT_TEXT.heldTransfer(formatPrice(moneyHeld.byTransfer, "pl"));
  return null;
}
