import { formatPrice, zlotyDigits } from "~/i18n/money";
import { fieldId } from "~/forms/field-problems";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { WITHDRAWAL_TEXT } from "./admin-texts";
import type { WithdrawalDecision } from "~/db/schema";
import { PlainField } from "~/components/forms";
import { OWN_REASON, RETAINED_REASONS } from "./decision";
import type { MoneyHeld } from "~/order/lifecycle/refund-ceiling.server";
import { ADMIN_BUTTON } from "~/components/admin/AdminShell";
import { ConfirmTick } from "~/components/admin/ConfirmTick";
import type { RefundAfterDecision } from "~/order/lifecycle/refund-ceiling.server";

const TEXT = WITHDRAWAL_TEXT.decision;
const SETTLE = WITHDRAWAL_TEXT.settle;
const FIELD_ERROR = "mt-1 text-sm font-semibold text-red-800";
const FORM = "withdrawal_decision";

/** What the order page knows to offer the operator's decision on a withdrawn order (app/withdrawal/decision.ts). */
export type DecisionView = {
  /** The order has not gone out: the form also gives the money back and cancels, with what the order holds. */
  settle: { held: MoneyHeld } | null;
  decided: { decision: WithdrawalDecision; retainedGrosze: number | null; reason: string | null } | null;
  expired: boolean;
  /** When the declaration reached the customer (InPost's status, or the carrier's proof the operator recorded). */
  deliveredAt: string | null;
  /** Sent before the statement after an early start, but not known to be delivered: the operator may record the delivery first. */
  deliveryUnrecorded: boolean;
  mayKeepAnAmount: boolean;
  paidGrosze: number;
};

export type DecisionFormRefusal = { errors: Record<string, string>; values: Record<string, string> };

/**
 * The operator's decision on a withdrawn order: the right had expired (art. 38 ust. 1 pkt 1: the
 * standard answer goes to the customer), or the refund in full or less an amount for the work done
 * with its reason (art. 35, only after an early start). Once saved, the decision is shown instead.
 */
export function WithdrawalDecisionForm({
  view,
  refusal,
  inLanguage,
}: {
  view: DecisionView;
  refusal: DecisionFormRefusal | null;
  /** The customer's language as an adverb ("po ukraińsku"): the settlement's e-mail is in it. */
  inLanguage: string;
}) {
  const paid = formatPrice(view.paidGrosze, "pl");
  if (view.decided) {
    const { decision, retainedGrosze, reason } = view.decided;
    return (
      <p className="mt-4 font-semibold text-slate-900" data-testid="withdrawal-decided">
        {decision === "partial" && retainedGrosze !== null
          ? TEXT.decided.partial(formatPrice(retainedGrosze, "pl"), formatPrice(view.paidGrosze - retainedGrosze, "pl"), reason ?? "")
          : TEXT.decided[decision === "expired" ? "expired" : "full"]}{" "}
        {decision === "expired" ? null : TEXT.next}
      </p>
    );
  }
  const errors = refusal?.errors ?? {};
  const values = refusal?.values ?? {};
  if (view.expired)
    return (
      <form method="post" className="mt-4 grid gap-3" aria-label={TEXT.heading} data-testid="withdrawal-expired-form">
        <input type="hidden" name="intent" value={FORM} />
        <input type="hidden" name="decision" value="expired" />
        <p className="font-semibold text-red-900" data-testid="withdrawal-expired">
          {TEXT.expired(formatWarsawTime(view.deliveredAt))}
        </p>
        <p>
          <button type="submit" className={ADMIN_BUTTON}>
            {TEXT.expiredSubmit}
          </button>
        </p>
      </form>
    );
  const chosen = values.decision ?? "full";
  return (
    <form method="post" className="mt-4 grid gap-3" aria-label={TEXT.heading} noValidate data-testid="withdrawal-decision-form">
      <input type="hidden" name="intent" value={FORM} />
      {view.settle ? <p className="text-slate-800">{SETTLE.lead}</p> : null}
      <fieldset className="grid gap-2">
        <legend className="font-semibold text-slate-900">{TEXT.heading}</legend>
        {errors.decision ? <p className="text-sm font-semibold text-red-800">{errors.decision}</p> : null}
        <label className="flex items-start gap-2">
          <input
            type="radio"
            id={fieldId(FORM, "decision")}
            name="decision"
            value="full"
            defaultChecked={chosen === "full"}
            className="mt-1"
          />
          <span>{TEXT.full}</span>
        </label>
        {view.mayKeepAnAmount ? (
          <label className="flex items-start gap-2">
            <input type="radio" name="decision" value="partial" defaultChecked={chosen === "partial"} className="mt-1" />
            <span>{TEXT.partial}</span>
          </label>
        ) : (
          <p className="text-sm text-slate-700">{TEXT.partialOnlyAfterEarlyStart}</p>
        )}
      </fieldset>
      {view.mayKeepAnAmount ? (
        <>
          <PlainField
            id={fieldId(FORM, "retained")}
            name="retained"
            label={TEXT.retained}
            hint={TEXT.retainedHint(paid)}
            defaultValue={values.retained ?? ""}
            error={errors.retained}
            maxLength={20}
          />
          <fieldset className="grid gap-2" data-testid="withdrawal-reason-codes">
            <legend className="font-semibold text-slate-900">{TEXT.reasonCode}</legend>
            {[...RETAINED_REASONS, OWN_REASON].map((code, index) => (
              <label key={code} className="flex items-start gap-2">
                <input
                  type="radio"
                  id={index === 0 ? fieldId(FORM, "reasonCode") : undefined}
                  name="reasonCode"
                  value={code}
                  defaultChecked={values.reasonCode === code}
                  className="mt-1"
                />
                <span>{TEXT.reasons[code]}</span>
              </label>
            ))}
          </fieldset>
          <PlainField
            id={fieldId(FORM, "reason")}
            name="reason"
            label={TEXT.reason}
            defaultValue={values.reason ?? ""}
            error={errors.reason}
            maxLength={500}
            multiline
          />
        </>
      ) : null}
      {view.settle ? <SettlementFields held={view.settle.held} errors={errors} values={values} inLanguage={inLanguage} /> : null}
      <p>
        <button type="submit" className={ADMIN_BUTTON}>
          {view.settle ? SETTLE.submit : TEXT.submit}
        </button>
      </p>
    </form>
  );
}

const DELIVERY = WITHDRAWAL_TEXT.delivery;
const DELIVERY_FORM = "withdrawal_delivery";

/**
 * After an early start the right ends on delivery, not dispatch (app/withdrawal/decision.ts): when the
 * order went out before the statement but its delivery is not on record, the operator may record it from
 * the carrier's proof, which then offers "the right had expired" if it came before the statement.
 */
export function DeliveryProofForm({ refusal, today }: { refusal: DecisionFormRefusal | null; today: string }) {
  const errors = refusal?.errors ?? {};
  const values = refusal?.values ?? {};
  return (
    <form
      method="post"
      className="mt-4 grid gap-3 rounded-md bg-amber-50 p-3"
      aria-label={DELIVERY.heading}
      noValidate
      data-testid="delivery-proof-form"
    >
      <input type="hidden" name="intent" value={DELIVERY_FORM} />
      <h3 className="font-semibold text-slate-900">{DELIVERY.heading}</h3>
      <p className="text-slate-800">{DELIVERY.lead}</p>
      <PlainField
        id={fieldId(DELIVERY_FORM, "deliveredOn")}
        name="deliveredOn"
        type="date"
        label={DELIVERY.deliveredOn}
        defaultValue={values.deliveredOn ?? today}
        error={errors.deliveredOn}
        required
      />
      <PlainField
        id={fieldId(DELIVERY_FORM, "deliveredTime")}
        name="deliveredTime"
        type="time"
        label={DELIVERY.deliveredTime}
        defaultValue={values.deliveredTime ?? ""}
        error={errors.deliveredTime}
        required
      />
      <PlainField
        id={fieldId(DELIVERY_FORM, "source")}
        name="source"
        label={DELIVERY.source}
        hint={DELIVERY.sourceHint}
        defaultValue={values.source ?? ""}
        error={errors.source}
        maxLength={200}
        required
      />
      <p>
        <button type="submit" className={ADMIN_BUTTON}>
          {DELIVERY.submit}
        </button>
      </p>
    </form>
  );
}

/** What the settlement does with the money the order holds, the choice a transfer needs, and the confirmation. */
function SettlementFields({
  held,
  errors,
  values,
  inLanguage,
}: {
  held: MoneyHeld;
  errors: Record<string, string>;
  values: Record<string, string>;
  inLanguage: string;
}) {
  const pln = (grosze: number) => formatPrice(grosze, "pl");
  const noteId = fieldId(FORM, "money");
  return (
    <>
      <p className="rounded-md bg-amber-50 p-3 text-slate-900" id={noteId} data-testid="settlement-money">
        {held.online !== null
          ? SETTLE.heldOnline(pln(held.online))
          : held.byTransfer !== null
            ? SETTLE.heldTransfer(pln(held.byTransfer))
            : SETTLE.nothingHeld}
      </p>
      {held.byTransfer !== null ? (
        <fieldset className="grid gap-2">
          <legend className="font-semibold text-slate-900">{SETTLE.transferRefund}</legend>
          {errors.transferRefund ? <p className={FIELD_ERROR}>{errors.transferRefund}</p> : null}
          {(["due", "sent"] as const).map((choice) => (
            <label key={choice} className="flex items-start gap-2">
              <input
                type="radio"
                id={choice === "due" ? fieldId(FORM, "transferRefund") : undefined}
                name="transferRefund"
                value={choice}
                defaultChecked={(values.transferRefund || "due") === choice}
                className="mt-1"
              />
              <span>{choice === "due" ? SETTLE.transferDue : SETTLE.transferSent}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <ConfirmTick id={fieldId(FORM, "confirm")} label={SETTLE.confirm(inLanguage)} error={errors.confirm} describedBy={noteId} />
    </>
  );
}

/**
 * A refund form's amount after a decision that kept an amount for work done (art. 35): filled in with
 * the payment less that amount, and saying so with both figures. `label` is the form's own when it has one.
 */
export function RefundAmountField({
  id,
  afterDecision,
  value,
  error,
  label = TEXT.refundAmount,
}: {
  id: string;
  afterDecision: RefundAfterDecision;
  value: string | undefined;
  error: string | undefined;
  label?: string;
}) {
  const pln = (grosze: number) => formatPrice(grosze, "pl");
  return (
    <PlainField
      id={id}
      name="refundAmount"
      label={label}
      defaultValue={value ?? zlotyDigits(afterDecision.refundGrosze)}
      error={error}
      hint={TEXT.refundHint(pln(afterDecision.paidGrosze), pln(afterDecision.retainedGrosze), pln(afterDecision.refundGrosze))}
      autoComplete="off"
      required
      maxLength={20}
    />
  );
}

const RECORD = WITHDRAWAL_TEXT.record;
const RECORD_FORM = "withdrawal_record";

/**
 * A statement that came by e-mail or by post (the terms invite both), recorded by the operator: how it
 * came, the day it was sent, when it was received, the sender's address for an e-mail, and its text or a
 * note of the scan. Folded away until needed; open when it was refused, so its messages show.
 */
export function RecordStatementForm({ refusal, today }: { refusal: DecisionFormRefusal | null; today: string }) {
  const errors = refusal?.errors ?? {};
  const values = refusal?.values ?? {};
  return (
    <details className="mt-8 rounded-lg border border-slate-300 p-4" open={refusal !== null} data-testid="record-statement">
      <summary className="cursor-pointer text-lg font-bold text-slate-900">{RECORD.heading}</summary>
      <form method="post" className="mt-3 grid gap-3" aria-label={RECORD.heading} noValidate>
        <input type="hidden" name="intent" value={RECORD_FORM} />
        <p className="text-slate-800">{RECORD.lead}</p>
        <fieldset className="grid gap-2">
          <legend className="font-semibold text-slate-900">{RECORD.channel}</legend>
          {errors.channel ? <p className={FIELD_ERROR}>{errors.channel}</p> : null}
          {(["email", "post"] as const).map((channel) => (
            <label key={channel} className="flex items-start gap-2">
              <input
                type="radio"
                id={channel === "email" ? fieldId(RECORD_FORM, "channel") : undefined}
                name="channel"
                value={channel}
                defaultChecked={values.channel === channel}
                className="mt-1"
              />
              <span>{RECORD[channel]}</span>
            </label>
          ))}
        </fieldset>
        <PlainField
          id={fieldId(RECORD_FORM, "sentOn")}
          name="sentOn"
          type="date"
          label={RECORD.sentOn}
          defaultValue={values.sentOn ?? ""}
          error={errors.sentOn}
          required
        />
        <PlainField
          id={fieldId(RECORD_FORM, "receivedOn")}
          name="receivedOn"
          type="date"
          label={RECORD.receivedOn}
          defaultValue={values.receivedOn ?? today}
          error={errors.receivedOn}
          required
        />
        <PlainField
          id={fieldId(RECORD_FORM, "receivedTime")}
          name="receivedTime"
          type="time"
          label={RECORD.receivedTime}
          defaultValue={values.receivedTime ?? ""}
          error={errors.receivedTime}
          required
        />
        <PlainField
          id={fieldId(RECORD_FORM, "email")}
          name="email"
          type="email"
          label={RECORD.sender}
          hint={RECORD.senderHint}
          defaultValue={values.email ?? ""}
          error={errors.email}
          maxLength={254}
        />
        <PlainField
          id={fieldId(RECORD_FORM, "text")}
          name="text"
          label={RECORD.text}
          hint={RECORD.textHint}
          defaultValue={values.text ?? ""}
          error={errors.text}
          maxLength={4000}
          multiline
          required
        />
        <p>
          <button type="submit" className={ADMIN_BUTTON}>
            {RECORD.submit}
          </button>
        </p>
      </form>
    </details>
  );
}
