import type { CorrectionIntent, CorrectionRefusal } from "./correction-form.server";
import { fieldId } from "~/forms/field-problems";
import { postalPartsOf } from "~/shipping/delivery-label";
import { CORRECTION_TEXT } from "~/order/lifecycle/admin-texts";
import { PlainField } from "~/components/forms";
import type { OrderRow } from "~/db/schema";
import type { ReactNode } from "react";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { ADMIN_BUTTON } from "~/components/admin/AdminShell";
import type { RefundAfterDecision } from "~/order/lifecycle/refund-ceiling.server";
import { RefundAmountField } from "~/withdrawal/WithdrawalDecisionForm";
import { awaitsAddress } from "~/order/address-later";
import { ADDRESS_LATER_TEXT } from "~/order/admin-texts";

/**
 * `paidOnline`: money that came through the gateway goes back through it (the payments section), not by hand.
 * `afterDecision`: a withdrawal decision kept an amount for work done, so the transfer back is filled in with the rest.
 */
type Props = { order: OrderRow; paidOnline: boolean; afterDecision: RefundAfterDecision | null; refusal: CorrectionRefusal | null };

function CorrectionForm({
  intent,
  label,
  children,
  submit,
}: {
  intent: CorrectionIntent;
  label: string;
  children: ReactNode;
  submit: string;
}) {
  return (
    <form
      method="post"
      noValidate
      aria-label={label}
      className="grid content-start gap-3 rounded-lg border border-slate-200 p-4"
      data-testid={`correction-${intent}`}
    >
      <input type="hidden" name="intent" value={intent} />
      <h3 className="text-lg font-bold text-slate-900">{label}</h3>
      {children}
      <div>
        <button type="submit" className={ADMIN_BUTTON}>
          {submit}
        </button>
      </div>
    </form>
  );
}

/** The corrections that leave the status as it is; each writes the history and, where it says so, tells the customer. */
export function OrderCorrections({ order, paidOnline, afterDecision, refusal }: Props) {
  const mine = (intent: CorrectionIntent) => (refusal?.intent === intent ? refusal : null);
  const field = (intent: CorrectionIntent, name: string, stored: string | null) => {
    const own = mine(intent);
    return {
      id: fieldId(intent, name),
      name,
      label: CORRECTION_TEXT.labels[intent]![name]!,
      defaultValue: own ? own.values[name] : (stored ?? ""),
      error: own?.errors[name],
    };
  };
  const address = (which: "mailing" | "property") => {
    const parts = postalPartsOf(order, which);
    return (
      <>
        <PlainField {...field("customer_data", `${which}Street`, parts.street)} required maxLength={300} />
        <PlainField {...field("customer_data", `${which}PostalCode`, parts.postalCode)} required maxLength={20} />
        <PlainField {...field("customer_data", `${which}City`, parts.city)} required maxLength={200} />
      </>
    );
  };
  const editable = !order.anonymised_at;
  return (
    <section aria-labelledby="corrections-heading" className="mt-8">
      <h2 id="corrections-heading" className="text-xl font-bold text-slate-900">
        Poprawki
      </h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        {editable ? (
          <CorrectionForm intent="customer_data" label={CORRECTION_TEXT.formName.customer_data!} submit={CORRECTION_TEXT.save}>
            <p className="text-slate-700">{CORRECTION_TEXT.customerNote}</p>
            <PlainField {...field("customer_data", "tenantName", order.tenant_name)} required maxLength={200} />
            <PlainField {...field("customer_data", "email", order.email)} type="email" required maxLength={254} />
            <PlainField {...field("customer_data", "phone", order.phone)} required maxLength={30} />
            {address("mailing")}
            {awaitsAddress(order) ? (
              <p className="text-slate-700" data-testid="correction-property-pending">
                {ADDRESS_LATER_TEXT.noCorrection}
              </p>
            ) : (
              address("property")
            )}
            {/* The automatic form names no landlord: such an order gets none by correction either. */}
            {order.landlord_name !== null ? (
              <PlainField {...field("customer_data", "landlordName", order.landlord_name)} required maxLength={200} />
            ) : null}
            <PlainField {...field("customer_data", "reason", null)} required maxLength={500} multiline />
          </CorrectionForm>
        ) : null}
        <div className="grid content-start gap-6">
          {order.status === "dispatched" && editable ? (
            <CorrectionForm intent="tracking" label={CORRECTION_TEXT.formName.tracking!} submit={CORRECTION_TEXT.trackingSave}>
              <PlainField {...field("tracking", "trackingNumber", order.tracking_number)} required maxLength={40} autoComplete="off" />
              <PlainField {...field("tracking", "courier", order.courier)} maxLength={60} />
            </CorrectionForm>
          ) : null}
          {order.paid_at && !order.refunded_at && !paidOnline && editable ? (
            <CorrectionForm intent="record_refund" label={CORRECTION_TEXT.formName.record_refund!} submit={CORRECTION_TEXT.refundSave}>
              {afterDecision ? (
                <RefundAmountField
                  id={fieldId("record_refund", "refundAmount")}
                  label={CORRECTION_TEXT.labels.record_refund!.refundAmount}
                  afterDecision={afterDecision}
                  value={mine("record_refund")?.values.refundAmount}
                  error={mine("record_refund")?.errors.refundAmount}
                />
              ) : (
                <PlainField {...field("record_refund", "refundAmount", null)} required maxLength={20} />
              )}
              <PlainField {...field("record_refund", "reason", null)} required maxLength={500} multiline />
            </CorrectionForm>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** Internal notes, oldest first, and the form for a new one. */
export function OrderNotes({
  notes,
  refusal,
}: {
  notes: Array<{ operator: string; text: string; at: string }>;
  refusal: CorrectionRefusal | null;
}) {
  const own = refusal?.intent === "note" ? refusal : null;
  return (
    <section aria-labelledby="notes-heading" className="mt-8">
      <h2 id="notes-heading" className="text-xl font-bold text-slate-900">
        {CORRECTION_TEXT.notesHeading}
      </h2>
      {notes.length === 0 ? <p className="mt-2 text-slate-700">{CORRECTION_TEXT.notesNone}</p> : null}
      <ul className="mt-3 space-y-3" data-testid="order-notes">
        {notes.map((note, index) => (
          <li key={index} className="rounded-md border border-slate-200 p-3">
            <p className="text-sm text-slate-600">
              {formatWarsawTime(note.at)}, {note.operator}
            </p>
            <p className="whitespace-pre-wrap break-words text-slate-900">{note.text}</p>
          </li>
        ))}
      </ul>
      <form method="post" noValidate aria-label={CORRECTION_TEXT.formName.note} className="mt-3 grid gap-3" data-testid="correction-note">
        <input type="hidden" name="intent" value="note" />
        <PlainField
          id={fieldId("note", "note")}
          name="note"
          label={CORRECTION_TEXT.labels.note!.note!}
          defaultValue={own?.values.note}
          error={own?.errors.note}
          required
          maxLength={2000}
          multiline
        />
        <div>
          <button type="submit" className={ADMIN_BUTTON}>
            {CORRECTION_TEXT.formName.note}
          </button>
        </div>
      </form>
    </section>
  );
}
