import { CANCEL_REASON_CODES, CANCEL_REASON_LABEL } from "~/order/lifecycle/cancel-reasons";
import { fieldId } from "~/forms/field-problems";
import { IN_LANGUAGE, LOCALE_LABEL } from "~/order/admin-texts";
import { TRANSITION_LABEL, TRANSITION_TEXT } from "~/order/lifecycle/admin-texts";
import { WITHDRAWAL_TEXT } from "~/withdrawal/admin-texts";
import type { Transition } from "~/order/lifecycle/transitions";
import { PlainField } from "~/components/forms";
import type { Locale } from "~/i18n/locales";
import type { ReactNode } from "react";
import { ADMIN_BUTTON } from "~/components/admin/AdminShell";
import { ConfirmTick } from "~/components/admin/ConfirmTick";
import type { RefundAfterDecision } from "~/order/lifecycle/refund-ceiling.server";
import { RefundAmountField } from "~/withdrawal/WithdrawalDecisionForm";

export type FormRefusal = { errors: Record<string, string>; values: Record<string, string> };
const DANGER_BUTTON = "inline-flex items-center justify-center rounded-md bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900";
const FIELD_ERROR = "mt-1 font-semibold text-red-800";

/** One status move as a plain form; each asks only for its own facts. */
export function TransitionForm({
  transition,
  today,
  locale,
  moneyNote,
  afterDecision,
  refusal,
  withdrawn = false,
}: {
  transition: Transition;
  today: string;
  locale: Locale;
  /** What cancelling does with the money the order holds (refunded online, or recorded as due back). */
  moneyNote: string | null;
  /** The money held goes back less what a withdrawal decision kept (art. 35): cancelling asks how much. */
  afterDecision: RefundAfterDecision | null;
  refusal: FormRefusal | null;
  /** The customer withdrew: money recorded now is only to be given back, and no "paid" e-mail goes. */
  withdrawn?: boolean;
}) {
  const errors = refusal?.errors ?? {};
  const values = refusal?.values ?? {};
  const id = (name: string) => fieldId(transition, name);
  const paid = transition === "mark_paid" || transition === "reopen";
  return (
    <form
      method="post"
      className="grid content-start gap-3 rounded-lg border border-slate-200 p-4"
      noValidate
      aria-label={TRANSITION_LABEL[transition]}
      data-testid={`form-${transition}`}
    >
      <input type="hidden" name="transition" value={transition} />
      {paid ? (
        <>
          <PlainField
            id={id("paidAt")}
            name="paidAt"
            label={TRANSITION_TEXT.paidAt}
            type="date"
            defaultValue={values.paidAt ?? today}
            error={errors.paidAt}
            required
          />
          <PlainField
            id={id("receivedAmount")}
            name="receivedAmount"
            label={TRANSITION_TEXT.receivedAmount}
            defaultValue={values.receivedAmount}
            error={errors.receivedAmount}
            maxLength={20}
          />
        </>
      ) : null}
      {transition === "mark_dispatched" ? (
        <>
          <PlainField
            id={id("trackingNumber")}
            name="trackingNumber"
            label={TRANSITION_TEXT.trackingNumber}
            defaultValue={values.trackingNumber}
            error={errors.trackingNumber}
            autoComplete="off"
            required
            maxLength={40}
          />
          <PlainField
            id={id("courier")}
            name="courier"
            label={TRANSITION_TEXT.courier}
            defaultValue={values.courier}
            error={errors.courier}
            maxLength={60}
          />
        </>
      ) : null}
      {transition === "reopen" ? <ReopenConsentFields today={today} errors={errors} values={values} /> : null}
      {transition === "cancel" ? (
        <CancelFields
          idPrefix="cancel"
          locale={locale}
          moneyNote={moneyNote}
          confirmLabel={TRANSITION_TEXT.confirmCancel}
          errors={errors}
          values={values}
        >
          {afterDecision && moneyNote ? (
            <RefundAmountField
              id={id("refundAmount")}
              afterDecision={afterDecision}
              value={values.refundAmount}
              error={errors.refundAmount}
            />
          ) : null}
        </CancelFields>
      ) : null}
      {transition === "mark_paid" || transition === "mark_dispatched" ? (
        <ConfirmWithNote
          transition={transition}
          inLanguage={IN_LANGUAGE[locale]}
          error={errors.confirm}
          afterWithdrawal={transition === "mark_paid" && withdrawn}
        />
      ) : null}
      <div>
        <button type="submit" className={transition === "cancel" ? DANGER_BUTTON : ADMIN_BUTTON}>
          {TRANSITION_LABEL[transition]}
        </button>
      </div>
    </form>
  );
}

/** The customer is e-mailed the moment the form is sent: the operator says what that means, and ticks that they mean it. */
function ConfirmWithNote({
  transition,
  inLanguage,
  error,
  afterWithdrawal,
}: {
  transition: "mark_paid" | "mark_dispatched";
  inLanguage: string;
  error?: string;
  /** Money booked after the customer withdrew: recorded to be given back, with no e-mail to the customer. */
  afterWithdrawal: boolean;
}) {
  const id = fieldId(transition, "confirm");
  return (
    <div className="grid gap-3">
      <p
        className={`rounded-md p-3 text-slate-900 ${afterWithdrawal ? "border-2 border-red-700 bg-red-50" : "bg-amber-50"}`}
        id={`${id}-note`}
        data-testid={afterWithdrawal ? "paid-after-withdrawal" : undefined}
      >
        {afterWithdrawal ? WITHDRAWAL_TEXT.paidAfterWithdrawal.note : TRANSITION_TEXT.confirmNote[transition](inLanguage)}
      </p>
      <ConfirmTick
        id={id}
        label={afterWithdrawal ? WITHDRAWAL_TEXT.paidAfterWithdrawal.confirm : TRANSITION_TEXT.confirm[transition]}
        error={error}
        describedBy={`${id}-note`}
      />
    </div>
  );
}

/**
 * Late money does not revive an agreement the deadline ended: the customer must have said they still want it.
 * The operator records that they did, when and how; the audit row keeps it.
 */
function ReopenConsentFields({ today, errors, values }: { today: string; errors: Record<string, string>; values: Record<string, string> }) {
  return (
    <>
      <p className="rounded-md bg-amber-50 p-3 text-slate-900" id="reopen-note">
        {TRANSITION_TEXT.reopenNote}
      </p>
      <div>
        {errors.consent ? (
          <p className={FIELD_ERROR} id="reopen-consent-error">
            {errors.consent}
          </p>
        ) : null}
        <label className="flex items-start gap-2 font-semibold text-slate-900">
          <input
            type="checkbox"
            id={fieldId("reopen", "consent")}
            name="consent"
            value="yes"
            defaultChecked={values.consent === "yes"}
            className="mt-1 h-5 w-5"
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? "reopen-consent-error reopen-note" : "reopen-note"}
          />
          {TRANSITION_TEXT.consent}
        </label>
      </div>
      <PlainField
        id={fieldId("reopen", "consentAt")}
        name="consentAt"
        label={TRANSITION_TEXT.consentAt}
        type="date"
        defaultValue={values.consentAt ?? today}
        error={errors.consentAt}
        required
      />
      <PlainField
        id={fieldId("reopen", "consentHow")}
        name="consentHow"
        label={TRANSITION_TEXT.consentHow}
        defaultValue={values.consentHow}
        error={errors.consentHow}
        maxLength={200}
        required
      />
    </>
  );
}

/**
 * The reason goes to the customer: the form says so (with what happens to money the order holds),
 * and asks for an explicit confirmation. The refund form asks for the same reason.
 */
export function CancelFields({
  idPrefix,
  locale,
  moneyNote,
  confirmLabel,
  errors,
  values,
  children,
}: {
  idPrefix: string;
  locale: Locale;
  moneyNote: string | null;
  confirmLabel: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  /** More fields of the form, before its confirmation. */
  children?: ReactNode;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <p className="rounded-md bg-amber-50 p-3 text-slate-900" id={id("warning")}>
        {TRANSITION_TEXT.cancelWarning(LOCALE_LABEL[locale])}
        {moneyNote ? ` ${moneyNote}` : null}
      </p>
      <div>
        <label htmlFor={id("reasonCode")} className="block font-semibold text-slate-900">
          {TRANSITION_TEXT.reasonCode}
        </label>
        {errors.reasonCode ? (
          <p className={FIELD_ERROR} id={id("reasonCode-error")}>
            {errors.reasonCode}
          </p>
        ) : null}
        <select
          id={id("reasonCode")}
          name="reasonCode"
          defaultValue={values.reasonCode ?? "customer_request"}
          className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2"
          aria-invalid={errors.reasonCode ? true : undefined}
        >
          {CANCEL_REASON_CODES.map((code) => (
            <option key={code} value={code}>
              {CANCEL_REASON_LABEL[code]}
            </option>
          ))}
        </select>
      </div>
      <PlainField
        id={id("reason")}
        name="reason"
        label={TRANSITION_TEXT.ownReason(IN_LANGUAGE[locale])}
        defaultValue={values.reason}
        error={errors.reason}
        maxLength={500}
        multiline
      />
      {children}
      <ConfirmTick id={id("confirm")} label={confirmLabel} error={errors.confirm} describedBy={id("warning")} />
    </>
  );
}
