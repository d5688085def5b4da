import type { OrderStatus } from "~/db/schema";
import { paymentNextSteps, type NextStepFacts } from "~/order/next-steps";
import type { WithdrawnView } from "./page-view.server";

/**
 * Where an order stands for its customer. A withdrawal statement that matched the order comes first
 * (the operator settles the money afterwards, whatever the status says), unless the operator found that
 * the right had expired (art. 38 ust. 1 pkt 1): the contract then stands as performed, and the page says
 * the statement came too late for it. "delivered" is known only when the courier reported it.
 */
export type CustomerStage = "awaiting_payment" | "paid" | "dispatched" | "delivered" | "cancelled" | "withdrawn";

/** What the customer's order page is built from: a part of its view (page-view.server.ts). */
export type CustomerPageFacts = Omit<NextStepFacts, "status" | "withdrawal"> & {
  number: string;
  status: OrderStatus;
  /** The withdrawal period's last day (with its weekday, and as a date with its year) and whether it is over. */
  withdrawal: { endsOn: string; lastDay: string; over: boolean };
  /** Formatted days, each null until it is known. */
  dispatchedOn: string | null;
  deliveredOn: string | null;
  /**
   * A matched withdrawal statement: its time of receipt and the refund's last day (14 days later, art. 32), formatted,
   * and the operator's decision: the right had expired (art. 38 ust. 1 pkt 1), or an amount kept with its reason (art. 35).
   */
  withdrawn: WithdrawnView | null;
  /** An order placed before the flat was found, still without its address (docs/decisions/091). */
  addressPending?: boolean;
  /** Whether the customer paid (so a withdrawal means money to give back). */
  paid: boolean;
  /** The parcel's label is made and InPost has not collected it yet: not "wysłane" (docs/decisions/066). */
  shipmentPrepared: boolean;
  /** The money returned (with its day), or still to return; null when none is due. */
  refund: { grosze: number; amount: string; returnedOn: string | null } | null;
};

/** A withdrawal whose money is still to go back: paid, not returned, and the right had not expired. */
function refundAwaited(facts: Pick<CustomerPageFacts, "paid" | "refund" | "withdrawn">): boolean {
  return facts.paid && !rightHadExpired(facts) && !facts.refund?.returnedOn;
}

/** The operator found that the statement came after the right had expired (art. 38 ust. 1 pkt 1). */
function rightHadExpired(facts: Pick<CustomerPageFacts, "withdrawn">): boolean {
  return facts.withdrawn?.decision === "expired";
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function stageOf(facts: Pick<CustomerPageFacts, "status" | "withdrawn" | "deliveredOn">): CustomerStage {
  if (facts.withdrawn && !rightHadExpired(facts)) return "withdrawn";
  if (facts.status === "cancelled") return "cancelled";
  if (facts.status === "dispatched") return facts.deliveredOn ? "delivered" : "dispatched";
  return facts.status;
}

/** Payment is asked for only while the order waits for it and the customer has not withdrawn. */
export function paymentDue(facts: Pick<CustomerPageFacts, "status" | "withdrawn">): boolean {
  return facts.status === "awaiting_payment" && facts.withdrawn === null;
}

/** One dated line of the page's deadlines: `id` is what a test or a reader's tool finds it by. */
export type Deadline = { id: string; label: string; value: string; note?: string };

/**
 * The days that matter at this stage, each with its value: nothing is listed that has no date yet.
 * The withdrawal period is named while it runs; after an early start the right also ends once the
 * declaration is delivered (art. 38 ust. 1 pkt 1), which the note says.
 */
export function deadlinesOf(facts: CustomerPageFacts, t: Translate): Deadline[] {
  const stage = stageOf(facts);
  const lines: Deadline[] = [];
  if (stage === "withdrawn" && facts.withdrawn) {
    lines.push({ id: "deadline-withdrawal-received", label: t("deadlines.withdrawalReceived"), value: facts.withdrawn.receivedAt });
    if (refundAwaited(facts)) lines.push({ id: "deadline-refund", label: t("deadlines.refundBy"), value: facts.withdrawn.refundBy });
    return lines;
  }
  if (stage === "cancelled") return lines;
  if (facts.withdrawn)
    lines.push({ id: "deadline-withdrawal-received", label: t("deadlines.withdrawalReceived"), value: facts.withdrawn.receivedAt });
  if (facts.promise && stage === "paid") {
    lines.push({ id: "deadline-dispatch", label: t("deadlines.dispatchBy"), value: facts.promise.dispatchBy });
    lines.push({ id: "deadline-delivery", label: t("deadlines.deliveredBy"), value: facts.promise.deliveredBy });
  }
  if (facts.dispatchedOn) lines.push({ id: "deadline-dispatched", label: t("deadlines.dispatchedOn"), value: facts.dispatchedOn });
  if (facts.deliveredOn) lines.push({ id: "deadline-delivered", label: t("deadlines.deliveredOn"), value: facts.deliveredOn });
  if (!facts.withdrawal.over && stage !== "delivered" && !facts.withdrawn)
    lines.push({
      id: "deadline-withdrawal",
      label: t("deadlines.withdrawal"),
      value: facts.withdrawal.endsOn,
      ...(facts.immediatePerformanceRequested ? { note: t("deadlines.withdrawalEarlyStart") } : {}),
    });
  return lines;
}

/**
 * "What happens next" at each stage. While the order is on its way the page's list stays as
 * it was (paymentNextSteps); later stages say what the customer can expect or needs to do, if anything.
 */
export function nextStepsOf(facts: CustomerPageFacts, t: Translate): { id: string; text: string }[] {
  const steps = stepsOfStage(facts, t);
  return rightHadExpired(facts) ? [{ id: "next-withdrawn-expired", text: t("next.withdrawnExpired") }, ...steps] : steps;
}

function stepsOfStage(facts: CustomerPageFacts, t: Translate): { id: string; text: string }[] {
  const stage = stageOf(facts);
  switch (stage) {
    case "awaiting_payment":
      return paymentNextSteps({ ...facts, status: stage }, t);
    case "paid": {
      // Waiting for the flat's address (docs/decisions/091): giving it is the next step, and nothing is promised before.
      const steps = paymentNextSteps({ ...facts, status: stage }, t).map((step) =>
        step.id === "payment-step" && facts.addressPending ? { ...step, text: t("addressLater.next") } : step,
      );
      return facts.shipmentPrepared ? [{ id: "next-prepared", text: t("next.prepared") }, ...steps] : steps;
    }
    case "dispatched":
      return [
        { id: "next-dispatched", text: t("next.dispatched", { context: facts.deliveryMethod }) },
        { id: "next-handover", text: t("next.handover") },
      ];
    case "delivered":
      return [
        { id: "next-handover", text: t("next.handover") },
        { id: "next-keep", text: t("next.keep") },
      ];
    case "cancelled":
      return [{ id: "next-cancelled", text: t("next.cancelled") }];
    case "withdrawn":
      return [{ id: "next-withdrawn", text: t("next.withdrawn", { date: facts.withdrawn?.receivedAt }) }, withdrawnMoneyStep(facts, t)];
  }
}

/**
 * What a withdrawal means for the money: nothing was paid, it went back, or when it will: the whole payment,
 * the rest after an amount kept for work done (art. 35, with the amount and its reason), or, after an early
 * start not yet decided, the payment less what may be kept.
 */
function withdrawnMoneyStep(facts: CustomerPageFacts, t: Translate): { id: string; text: string } {
  if (!facts.paid) return { id: "next-withdrawn-unpaid", text: t("next.withdrawnUnpaid") };
  if (facts.refund?.returnedOn) return { id: "next-withdrawn-refunded", text: t("next.withdrawnRefunded") };
  const date = facts.withdrawn?.refundBy;
  const retained = facts.withdrawn?.retained;
  if (retained && facts.refund)
    return {
      id: "next-withdrawn-refund-partial",
      text: t("next.withdrawnRefundPartial", { date, refund: facts.refund.amount, retained: retained.amount, reason: retained.reason }),
    };
  const undecidedEarlyStart = facts.immediatePerformanceRequested && !facts.withdrawn?.decision;
  return {
    id: "next-withdrawn-refund",
    text: t(undecidedEarlyStart ? "next.withdrawnRefundEarlyStart" : "next.withdrawnRefund", { date }),
  };
}

/**
 * Whether the page still offers the withdrawal function and the model form: while the right can still be
 * used. Not once the customer withdrew, the order was cancelled, or the declaration was delivered (the
 * service is then performed in full; without the early-start request it is sent only after the period).
 * The footer keeps the function's link on every page.
 */
export function withdrawalOffered(facts: Pick<CustomerPageFacts, "status" | "withdrawn" | "deliveredOn">): boolean {
  const stage = stageOf(facts);
  return !facts.withdrawn && (stage === "awaiting_payment" || stage === "paid" || stage === "dispatched");
}

/**
 * Whether the page offers the invoice part: while an invoice may be wanted (the order is going ahead and
 * its money was not given back), or once one was issued, to download it.
 */
export function invoiceOffered(
  facts: Pick<CustomerPageFacts, "status" | "withdrawn" | "deliveredOn" | "refund">,
  issued: boolean,
): boolean {
  if (issued) return true;
  return stageOf(facts) !== "withdrawn" && stageOf(facts) !== "cancelled" && !facts.refund?.returnedOn;
}

/**
 * What the customer's page shows beside the order's own facts, decided in the loader so the browser
 * receives the result (translated with the request's language) rather than the rules: the stage, whether
 * payment is asked for, the lead's key, the dated lines and the next steps.
 */
export type CustomerPage = {
  stage: CustomerStage;
  /** The browser tab's title: the order's number and its stage. */
  title: string;
  paymentDue: boolean;
  leadKey: string;
  deadlines: Deadline[];
  nextSteps: { id: string; text: string }[];
  /** The withdrawal function and the model form among the documents; the invoice part. */
  offers: { withdrawal: boolean; invoice: boolean };
  /** The period's last day while the right can be used and the period runs: the page then leads with the function (art. 11a). */
  withdrawalUntil: string | null;
};

/** `invoiceIssued`: the order has an invoice (or its correction) to download. */
export function customerPageOf(facts: CustomerPageFacts, online: boolean, t: Translate, invoiceIssued = false): CustomerPage {
  return {
    stage: stageOf(facts),
    title: t(STAGE_TITLE_KEY[stageOf(facts)], { number: facts.number }),
    paymentDue: paymentDue(facts),
    leadKey: leadKeyOf(facts, online),
    deadlines: deadlinesOf(facts, t),
    nextSteps: nextStepsOf(facts, t),
    offers: { withdrawal: withdrawalOffered(facts), invoice: invoiceOffered(facts, invoiceIssued) },
    withdrawalUntil: withdrawalOffered(facts) && !facts.withdrawal.over ? facts.withdrawal.lastDay : null,
  };
}

/** The browser tab's title at each stage: a stage cannot be added without one. */
export const STAGE_TITLE_KEY: Record<CustomerStage, string> = {
  awaiting_payment: "meta.stage.awaiting_payment",
  paid: "meta.stage.paid",
  dispatched: "meta.stage.dispatched",
  delivered: "meta.stage.delivered",
  cancelled: "meta.stage.cancelled",
  withdrawn: "meta.stage.withdrawn",
};

/** The lead under the page's heading for each stage; `online` while payment by Przelewy24 is offered. */
export function leadKeyOf(facts: Pick<CustomerPageFacts, "status" | "withdrawn" | "deliveredOn">, online: boolean): string {
  const stage = stageOf(facts);
  if (stage === "awaiting_payment") return online ? "leadOnline" : "lead";
  if (stage === "cancelled") return "leadCancelled";
  if (stage === "withdrawn") return "leadWithdrawn";
  if (rightHadExpired(facts)) return "leadWithdrawalExpired";
  return "leadPaid";
}
