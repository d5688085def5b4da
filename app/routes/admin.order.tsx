import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatWarsawTime } from "~/admin/format";
import { formatPrice } from "~/config/products";
import { findOrderDetail, type MessageView } from "~/admin/order-detail.server";
import { applyTransition } from "~/admin/order-transitions.server";
import { orderDetailPath } from "~/admin/paths";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { CHANNEL_LABEL, DECLARATION_LABEL, LOCALE_LABEL, MESSAGE_KIND_LABEL, PAYMENT_TEXT, STATUS_LABEL, TRANSITION_LABEL, TRANSITION_TEXT, VARIANT_LABEL } from "~/admin/texts";
import { parseTransitionForm } from "~/admin/transition-form.server";
import { warsawDay } from "~/config/delivery-dates.server";
import { isTransition, type Transition } from "~/admin/transitions";
import { AdminShell, ADMIN_BUTTON, Notice } from "~/components/admin/AdminShell";
import { OrderPayments, type RefundRefusal } from "~/components/admin/OrderPayments";
import { refundFromForm } from "~/payments/refund-form.server";
import { PlainField } from "~/components/forms";
import { getDb } from "~/db/db.server";
import type { OrderStatus } from "~/db/schema";
import { pathFor } from "~/i18n/routes";
import { coResidentsOf } from "~/order/order.server";
import { nudgeMailWorker } from "~/mail/mail-worker.server";
import { NO_HYDRATION } from "~/render/hydration";
import { readFormDataOr413 } from "~/security/body.server";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Zamówienie ${data?.detail?.order.number ?? ""} | Panel obsługi` }, { name: "robots", content: "noindex, nofollow" }];

function orderIdOf(param: string | undefined): number | null {
  return param && /^\d{1,12}$/.test(param) ? Number(param) : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const orderId = orderIdOf(params.id);
  const detail = orderId === null ? null : await findOrderDetail(getDb(), orderId);
  if (!detail) throw json({ operator }, { status: 404, headers: ADMIN_HEADERS });
  const done = new URL(request.url).searchParams.get("done");
  return json({ operator, detail, done: isTransition(done) ? done : null, refunded: done === "refund", today: warsawDay(new Date()) }, { headers: ADMIN_HEADERS });
}

type Refusal = { transition: Transition | null; errors: Record<string, string>; values: Record<string, string>; refund?: RefundRefusal };

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireOperator(request);
  const orderId = orderIdOf(params.id);
  if (orderId === null) throw json({ operator }, { status: 404, headers: ADMIN_HEADERS });
  const now = new Date();
  const form = await readFormDataOr413(request);
  if (form.get("intent") === "refund") {
    const refused = await refundFromForm(getDb(), orderId, form, operator, now);
    if (refused) {
      // A missing reason is the field's error; the gateway's refusal is the page's.
      const refusal: Refusal = refused.status === 400 ? { transition: null, errors: {}, values: {}, refund: refused } : { transition: null, errors: { form: refused.error }, values: {} };
      return json(refusal, { status: refused.status, headers: ADMIN_HEADERS });
    }
    nudgeMailWorker();
    return redirect(`${orderDetailPath(orderId)}?done=refund`, { status: 303, headers: ADMIN_HEADERS });
  }
  const parsed = parseTransitionForm(form, now);
  if (!parsed.ok) return json({ transition: parsed.transition, errors: parsed.errors, values: parsed.values } as Refusal, { status: 400, headers: ADMIN_HEADERS });
  const result = await applyTransition(getDb(), orderId, parsed.facts, operator, now);
  if (!result.ok) {
    if (result.reason === "not-found") throw json({ operator }, { status: 404, headers: ADMIN_HEADERS });
    const refusal: Refusal = { transition: parsed.facts.transition, errors: { form: TRANSITION_TEXT.notAllowed(result.current as OrderStatus) }, values: {} };
    return json(refusal, { status: 409, headers: ADMIN_HEADERS });
  }
  nudgeMailWorker();
  return redirect(`${orderDetailPath(orderId)}?done=${parsed.facts.transition}`, { status: 303, headers: ADMIN_HEADERS });
}

const SECTION = "mt-8";
const SECTION_HEADING = "text-xl font-bold text-slate-900";

function Facts({ rows }: { rows: Array<[string, ReactNode, string?]> }) {
  return (
    <dl className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-x-6 gap-y-2 sm:grid-cols-[14rem_minmax(0,1fr)]">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-700">{label}</dt>
          <dd className="break-words text-slate-900" data-testid={testId}>
            {value === null || value === undefined || value === "" ? "—" : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const MESSAGE_STATE: Record<MessageView["state"], string> = {
  queued: "w kolejce",
  sending: "wysyłanie",
  sent: "wysłany",
  retrying: "błąd, ponawiane",
  failed: "nie wysłano (ponawianie zakończone)",
};

export default function AdminOrderPage() {
  const { operator, detail, done, refunded, today } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { order, events, messages, payments, transitions } = detail;
  const paymentPage = pathFor("payment", order.locale, { token: order.payment_token });
  return (
    <AdminShell operator={operator} title={`Zamówienie ${order.number}`}>
      <p className="mt-2">
        <a href="/admin" className="font-semibold text-blue-900 underline">
          ← Wszystkie zamówienia
        </a>
      </p>
      {done && !refusal ? (
        <Notice tone="success" testId="transition-done">
          {TRANSITION_TEXT.done[done]} {TRANSITION_TEXT.customerTold}
        </Notice>
      ) : null}
      {refunded && !refusal ? (
        <Notice tone="success" testId="refund-done">
          {PAYMENT_TEXT.done} {TRANSITION_TEXT.customerTold}
        </Notice>
      ) : null}
      {refusal?.errors.form ? (
        <Notice tone="error" testId="transition-refused">
          {refusal.errors.form}
        </Notice>
      ) : null}

      <section aria-labelledby="status-heading" className={SECTION}>
        <h2 id="status-heading" className={SECTION_HEADING}>
          Status: <span data-testid="admin-order-status">{STATUS_LABEL[order.status]}</span>
        </h2>
        {transitions.length === 0 ? <p className="mt-2 text-slate-700">To zamówienie jest zamknięte: nie ma dalszych zmian statusu.</p> : null}
        <div className="mt-4 grid gap-6 lg:grid-cols-3">
          {transitions.map((transition) => (
            <TransitionForm key={transition} transition={transition} today={today} refusal={refusal?.transition === transition ? refusal : null} />
          ))}
        </div>
      </section>

      <OrderPayments payments={payments} refundable={order.status === "paid"} refusal={refusal?.refund ?? null} />

      <section aria-labelledby="order-heading" className={SECTION}>
        <h2 id="order-heading" className={SECTION_HEADING}>
          Dane zamówienia
        </h2>
        <Facts
          rows={[
            ["Numer", order.number],
            ["Złożone", formatWarsawTime(order.created_at)],
            ["Rodzaj", DECLARATION_LABEL[order.declaration_type]],
            ["Kwota", formatPrice(order.price_grosze, "pl")],
            ["Formularz", `${VARIANT_LABEL[order.variant]}, ${CHANNEL_LABEL[order.channel]}`],
            ["Język klienta", LOCALE_LABEL[order.locale]],
            ["Najemca (jak w paszporcie)", order.tenant_name, "admin-tenant-name"],
            ["Pisownia oryginalna", order.tenant_name_original, "admin-tenant-name-original"],
            ["Osoby zamieszkujące z najemcą", coResidentsOf(order).join(", ") || null, "admin-co-residents"],
            ["Wynajmujący", order.landlord_name],
            ["Początek najmu", order.start_date],
            ["Okres najmu (dni)", order.rental_period_days],
            ["E-mail", order.email],
            ["Telefon", order.phone],
            ["Adres lokalu", order.property_address],
            ["Adres do wysyłki", order.mailing_address],
            ["Dodatkowe informacje", order.additional_info],
            ["Strona płatności klienta", <a key="payment" href={paymentPage} className="text-blue-900 underline">{paymentPage}</a>],
            ["Data wpłaty", formatWarsawTime(order.paid_at), "admin-paid-at"],
            ["Wysłano", formatWarsawTime(order.dispatched_at)],
            ["Numer przesyłki", order.tracking_number, "admin-tracking-number"],
            ["Przewoźnik", order.courier],
            ["Anulowano", formatWarsawTime(order.cancelled_at)],
            ["Powód anulowania", order.cancel_reason === "unpaid" ? "brak wpłaty w terminie (automatycznie)" : order.cancel_reason],
            ["Dane zanonimizowano", formatWarsawTime(order.anonymised_at)],
          ]}
        />
      </section>

      <section aria-labelledby="consents-heading" className={SECTION}>
        <h2 id="consents-heading" className={SECTION_HEADING}>
          Oświadczenia i żądania klienta
        </h2>
        <Facts
          rows={[
            ["Przetwarzanie danych", formatWarsawTime(order.data_processing_consent_at)],
            ["Akceptacja regulaminu i umowy", formatWarsawTime(order.terms_accepted_at)],
            ["Żądanie wykonania przed upływem terminu na odstąpienie", order.immediate_performance_consent_at ? formatWarsawTime(order.immediate_performance_consent_at) : "nie (usługa rozpocznie się po upływie terminu na odstąpienie)"],
          ]}
        />
      </section>

      <section aria-labelledby="agreement-heading" className={SECTION}>
        <h2 id="agreement-heading" className={SECTION_HEADING}>
          Zaakceptowana umowa (wersja {order.contract_version})
        </h2>
        {/* Scrollable, so reachable by keyboard (tabIndex) and named for a screen reader. */}
        <pre tabIndex={0} role="region" aria-label="Tekst zaakceptowanej umowy" className="mt-3 max-h-[32rem] overflow-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-4 font-sans text-sm text-slate-900" data-testid="admin-contract">
          {order.contract_text}
        </pre>
        {order.contract_text_binding ? (
          <details className="mt-3">
            <summary className="cursor-pointer font-semibold text-blue-900">Tekst wiążący (polski)</summary>
            <pre tabIndex={0} role="region" aria-label="Tekst wiążący umowy (polski)" className="mt-2 max-h-[32rem] overflow-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-4 font-sans text-sm text-slate-900">{order.contract_text_binding}</pre>
          </details>
        ) : null}
      </section>

      <section aria-labelledby="history-heading" className={SECTION}>
        <h2 id="history-heading" className={SECTION_HEADING}>
          Historia statusu
        </h2>
        <ol className="mt-3 space-y-2" data-testid="status-history">
          <li>
            {formatWarsawTime(order.created_at)}: zamówienie złożone przez klienta ({STATUS_LABEL.awaiting_payment})
          </li>
          {events.map((event, index) => (
            <li key={index}>
              {formatWarsawTime(event.at)}: {STATUS_LABEL[event.from as OrderStatus] ?? event.from} → {STATUS_LABEL[event.to as OrderStatus] ?? event.to}, {event.operator === "system" ? "automatycznie" : event.operator}
              {Object.keys(event.details).length > 0 ? <span className="text-slate-600"> ({Object.entries(event.details).filter(([, value]) => value).map(([key, value]) => `${EVENT_DETAIL_LABEL[key] ?? key}: ${value}`).join(", ")})</span> : null}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="mail-heading" className={SECTION}>
        <h2 id="mail-heading" className={SECTION_HEADING}>
          E-maile tego zamówienia
        </h2>
        <div tabIndex={0} role="region" aria-label="E-maile tego zamówienia" className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50">
              <tr>
                {["Wiadomość", "Stan", "Próby", "Wysłano", "Ostatni błąd"].map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 text-left font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {messages.map((message) => (
                <tr key={message.kind} data-testid={`mail-${message.kind}`}>
                  <td className="px-3 py-2">{MESSAGE_KIND_LABEL[message.kind]}</td>
                  <td className="px-3 py-2" data-testid="mail-state">
                    {MESSAGE_STATE[message.state]}
                  </td>
                  <td className="px-3 py-2">{message.attempts}</td>
                  <td className="px-3 py-2">{formatWarsawTime(message.sentAt)}</td>
                  <td className="px-3 py-2 break-all">{message.lastError ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </AdminShell>
  );
}

const EVENT_DETAIL_LABEL: Record<string, string> = {
  paidAt: "data wpłaty",
  trackingNumber: "numer przesyłki",
  courier: "przewoźnik",
  reason: "powód",
  paidOnline: "zapłacono online przez",
  paymentMethod: "sposób",
  gatewayOrderId: "nr transakcji",
  refundedGrosze: "zwrot (gr)",
};

function TransitionForm({ transition, today, refusal }: { transition: Transition; today: string; refusal: Refusal | null }) {
  const errors = refusal?.errors ?? {};
  const values = refusal?.values ?? {};
  const id = (name: string) => `${transition}-${name}`;
  return (
    <form method="post" className="grid content-start gap-3 rounded-lg border border-slate-200 p-4" noValidate aria-label={TRANSITION_LABEL[transition]} data-testid={`form-${transition}`}>
      <input type="hidden" name="transition" value={transition} />
      {transition === "mark_paid" ? <PlainField id={id("paidAt")} name="paidAt" label={TRANSITION_TEXT.paidAt} type="date" defaultValue={values.paidAt ?? today} error={errors.paidAt} required /> : null}
      {transition === "mark_dispatched" ? (
        <>
          <PlainField id={id("trackingNumber")} name="trackingNumber" label={TRANSITION_TEXT.trackingNumber} defaultValue={values.trackingNumber} error={errors.trackingNumber} autoComplete="off" required maxLength={40} />
          <PlainField id={id("courier")} name="courier" label={TRANSITION_TEXT.courier} defaultValue={values.courier} error={errors.courier} maxLength={60} />
        </>
      ) : null}
      {transition === "cancel" ? <PlainField id={id("reason")} name="reason" label={TRANSITION_TEXT.reason} defaultValue={values.reason} error={errors.reason} required maxLength={500} multiline /> : null}
      <div>
        <button type="submit" className={transition === "cancel" ? "inline-flex items-center justify-center rounded-md bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900" : ADMIN_BUTTON}>
          {TRANSITION_LABEL[transition]}
        </button>
      </div>
    </form>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminShell";
