import type { DispatchDates } from "./delivery-warning";

/** What the payment page's "what happens next" list is built from (a part of the payment page's data). */
export type NextStepFacts = {
  status: "awaiting_payment" | "paid" | "dispatched" | "cancelled";
  immediatePerformanceRequested: boolean;
  withdrawal: { endsOn: string; over: boolean };
  dispatchIfPaidToday: DispatchDates | null;
  promise: { dispatchBy: string; deliveredBy: string } | null;
  /** How the declaration travels: a locker order's lines name the locker and InPost's pick-up code, not a courier (`_locker` keys). */
  deliveryMethod: "courier" | "locker";
};

/** One line of the list; `id` is what a test or a reader's tool finds it by. */
export type NextStep = { id: "payment-step" | "withdrawal-choice" | "dispatch-date" | "dispatch" | "bookmark"; text: string };

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The payment page's "what happens next", for an order still on its way (unpaid or paid). Every line
 * that names a day is given that day: a sentence never stands with an empty value ("po tym terminie ()").
 * Without the early-start request the withdrawal period's end is named while it runs; once it is over,
 * the promised days (paidDone) already count from it and the line would only repeat a past date.
 */
export function paymentNextSteps(facts: NextStepFacts, t: Translate): NextStep[] {
  const steps: NextStep[] = [{ id: "payment-step", text: facts.promise ? t("next.paidDone", facts.promise) : t("next.paid") }];
  if (facts.immediatePerformanceRequested) steps.push({ id: "withdrawal-choice", text: t("next.startNow") });
  else if (!facts.withdrawal.over)
    steps.push({ id: "withdrawal-choice", text: t("next.startAfterWithdrawal", { date: facts.withdrawal.endsOn }) });
  if (facts.dispatchIfPaidToday)
    steps.push({
      id: "dispatch-date",
      text: t("next.dispatchBy", {
        date: facts.immediatePerformanceRequested ? facts.dispatchIfPaidToday.withWaiver : facts.dispatchIfPaidToday.withoutWaiver,
        transitDays: facts.dispatchIfPaidToday.transitDays,
        context: facts.deliveryMethod,
      }),
    });
  steps.push({ id: "dispatch", text: t("next.dispatch", { context: facts.deliveryMethod }) }, { id: "bookmark", text: t("next.bookmark") });
  return steps;
}
