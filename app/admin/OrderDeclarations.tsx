import { ADMIN_BUTTON } from "~/components/admin/AdminShell";
import { ConfirmTick } from "~/components/admin/ConfirmTick";
import { declarationPath } from "~/components/admin/paths";
import { PlainField } from "~/components/forms";
import { fieldId } from "~/forms/field-problems";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { formatPrice } from "~/i18n/money";
import { formatCode } from "~/order/declaration-code";
import { REPLACEMENT_TEXT } from "~/order/replacement-admin-texts";
import type { DeclarationCodeRow, OrderRow, ReplacementChargeRow } from "~/db/schema";

const TEXT = REPLACEMENT_TEXT;
const LIST = TEXT.list;
/** The order page's `intent` of "Wystaw oświadczenie zastępcze" (app/admin/order-actions.server.ts). */
export const REPLACEMENT_INTENT = "declaration_replacement";
/** The `done` of "Poproś klienta o płatność online" (the same form's second button, docs/decisions/094). */
export const REPLACEMENT_PAYMENT_INTENT = "declaration_replacement_payment";
/** The button of "Poproś klienta o płatność online": the form's second submit. */
export const ONLINE_PAYMENT_FIELD = { name: "payment", value: "online" } as const;
/** The `intent` of "Anuluj prośbę o płatność". */
export const REPLACEMENT_PAYMENT_CANCEL_INTENT = "declaration_replacement_payment_cancel";
const FORM = REPLACEMENT_INTENT;
const FIELD_ERROR = "mt-1 font-semibold text-red-800";

export type DeclarationListItem = Pick<
  DeclarationCodeRow,
  "code" | "issued_at" | "replaced_at" | "owner_name" | "flat_address" | "declared_on"
>;

/** A replacement awaiting the customer's online payment, as the back office shows it (docs/decisions/094). */
export type AwaitingReplacement = Pick<
  ReplacementChargeRow,
  "id" | "owner_name" | "flat_address" | "declared_on" | "price_grosze" | "created_at"
>;

/** A refused "Wystaw oświadczenie zastępcze": its fields' messages and what was typed. */
export type ReplacementRefusal = { errors: Record<string, string>; values: Record<string, string> };

/**
 * The order's declarations, the current one marked (docs/decisions/092), each downloadable, and on a
 * dispatched order the form that issues a replacement. A plain form: no JavaScript needed. With a price,
 * the form also asks the customer to pay online; while one waits, it is shown with its cancel button
 * instead of the form (docs/decisions/094).
 */
export function OrderDeclarations({
  order,
  declarations,
  priceGrosze,
  awaiting,
  onlinePayment,
  today,
  refusal,
}: {
  order: Pick<OrderRow, "id" | "status" | "declaration_type" | "withdrawn_at" | "anonymised_at">;
  declarations: DeclarationListItem[];
  priceGrosze: number;
  awaiting: AwaitingReplacement | null;
  onlinePayment: boolean;
  today: string;
  refusal: ReplacementRefusal | null;
}) {
  const ONLINE = TEXT.online;
  const errors = refusal?.errors ?? {};
  const values = refusal?.values ?? {};
  const current = declarations.find((row) => row.replaced_at === null) ?? null;
  const open = order.status === "dispatched" && !order.withdrawn_at && !order.anonymised_at;
  if (declarations.length < 2 && !open) return null;
  return (
    <section aria-labelledby="declarations-heading" className="mt-8" data-testid="admin-declarations">
      <h2 id="declarations-heading" className="text-xl font-bold text-slate-900">
        {LIST.heading}
      </h2>
      {declarations.length > 0 ? (
        <ol className="mt-2 grid gap-2">
          {declarations.map((row, index) => (
            <li key={row.code} className="rounded-lg border border-slate-300 p-3" data-testid="admin-declaration">
              <span className="font-semibold">
                {index === 0 ? LIST.first : LIST.replacement} ({formatWarsawTime(row.declared_on ?? row.issued_at)}), {LIST.code}{" "}
                <span className="font-mono">{formatCode(row.code)}</span>:{" "}
              </span>
              <span data-testid="admin-declaration-state">
                {row.replaced_at ? LIST.replaced(formatWarsawTime(row.replaced_at)) : LIST.current}
              </span>
              {row.owner_name ? (
                <span className="block text-slate-700">
                  {LIST.flat}: {row.owner_name}, {row.flat_address}
                </span>
              ) : null}
              {order.anonymised_at ? null : (
                <a href={declarationPath(order.id, row.code)} className="mt-1 block w-fit text-blue-900 underline" download>
                  {LIST.download} ({formatCode(row.code)})
                </a>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      {open && awaiting ? (
        <div className="mt-4 rounded-lg border-2 border-amber-500 bg-amber-50 p-4" data-testid="replacement-awaiting">
          <h3 className="text-lg font-bold text-slate-900">{ONLINE.waitingHeading}</h3>
          <p className="mt-1 text-slate-800">
            {ONLINE.waiting(formatPrice(awaiting.price_grosze, "pl"), formatWarsawTime(awaiting.created_at))}
          </p>
          <p className="text-slate-700">
            {LIST.flat}: {awaiting.owner_name}, {awaiting.flat_address} ({formatWarsawTime(awaiting.declared_on)})
          </p>
          <form method="post" className="mt-3">
            <input type="hidden" name="intent" value={REPLACEMENT_PAYMENT_CANCEL_INTENT} />
            <input type="hidden" name="chargeId" value={awaiting.id} />
            <button type="submit" className={ADMIN_BUTTON}>
              {ONLINE.cancel}
            </button>
          </form>
        </div>
      ) : null}
      {open && (!awaiting || refusal) ? (
        <details className="mt-4 rounded-lg border border-slate-300 p-4" open={refusal !== null} data-testid="replacement-form">
          <summary className="cursor-pointer text-lg font-bold text-slate-900">{TEXT.heading}</summary>
          <form method="post" className="mt-3 grid gap-3" aria-label={TEXT.heading} noValidate>
            <input type="hidden" name="intent" value={FORM} />
            <input type="hidden" name="replaces" value={current?.code ?? ""} />
            <p className="text-slate-800">{TEXT.lead}</p>
            {order.declaration_type === "notarized" ? <p className="font-semibold text-slate-900">{TEXT.notarized}</p> : null}
            <PlainField
              id={fieldId(FORM, "owner")}
              name="owner"
              label={TEXT.owner}
              defaultValue={values.owner ?? ""}
              error={errors.owner}
              maxLength={200}
              required
            />
            <PlainField
              id={fieldId(FORM, "address")}
              name="address"
              label={TEXT.address}
              hint={TEXT.addressHint}
              defaultValue={values.address ?? ""}
              error={errors.address}
              maxLength={300}
              required
            />
            <PlainField
              id={fieldId(FORM, "city")}
              name="city"
              label={TEXT.city}
              defaultValue={values.city ?? ""}
              error={errors.city}
              maxLength={100}
              required
            />
            <PlainField
              id={fieldId(FORM, "declaredOn")}
              name="declaredOn"
              type="date"
              label={TEXT.declaredOn}
              defaultValue={values.declaredOn ?? today}
              error={errors.declaredOn}
              required
            />
            {priceGrosze > 0 ? (
              <div>
                {errors.paid ? (
                  <p className={FIELD_ERROR} id={`${fieldId(FORM, "paid")}-error`}>
                    {errors.paid}
                  </p>
                ) : null}
                <label className="flex items-start gap-2 font-semibold text-slate-900">
                  <input
                    type="checkbox"
                    id={fieldId(FORM, "paid")}
                    name="paid"
                    value="yes"
                    className="mt-1 h-5 w-5"
                    aria-invalid={errors.paid ? true : undefined}
                    aria-describedby={errors.paid ? `${fieldId(FORM, "paid")}-error` : undefined}
                  />
                  {TEXT.paid(formatPrice(priceGrosze, "pl"))}
                </label>
              </div>
            ) : null}
            <ConfirmTick id={fieldId(FORM, "confirm")} label={TEXT.confirm} error={errors.confirm} describedBy="replacement-after" />
            <p id="replacement-after" className="text-slate-700">
              {TEXT.after}
            </p>
            <p>
              <button type="submit" className={ADMIN_BUTTON}>
                {TEXT.submit}
              </button>
            </p>
            {priceGrosze > 0 && onlinePayment ? (
              <div className="border-t border-slate-300 pt-3">
                <p className="font-semibold text-slate-900">{ONLINE.or}</p>
                <p id="replacement-online-hint" className="text-slate-700">
                  {ONLINE.requestHint(formatPrice(priceGrosze, "pl"))}
                </p>
                <p className="mt-2">
                  <button
                    type="submit"
                    name={ONLINE_PAYMENT_FIELD.name}
                    value={ONLINE_PAYMENT_FIELD.value}
                    className={ADMIN_BUTTON}
                    aria-describedby="replacement-online-hint"
                  >
                    {ONLINE.request}
                  </button>
                </p>
              </div>
            ) : null}
          </form>
        </details>
      ) : null}
    </section>
  );
}
