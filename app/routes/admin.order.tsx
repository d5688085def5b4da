import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { cancelMoneyNote } from "~/admin/cancel-money-note";
import { isCorrectionIntent } from "~/admin/correction-form.server";
import { answerOrderForm } from "~/admin/order-actions.server";
import { decisionViewOf } from "~/withdrawal/decision-form.server";
import { notesOf } from "~/order/lifecycle/corrections.server";
import { orderDeadlinesOf } from "~/order/lifecycle/deadlines.server";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { orderPageProblems } from "~/admin/form-errors";
import { findOrderDetail } from "~/admin/order-detail.server";
import { customerFacts, orderFacts } from "~/admin/order-facts";
import { customerDataPath, ORDER_LIST_PATH, orderDetailPath } from "~/components/admin/paths";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { CORRECTION_TEXT, TRANSITION_TEXT, UNDO_TEXT } from "~/order/lifecycle/admin-texts";
import { CUSTOMER_DATA_TEXT } from "~/admin/texts";
import { FORM_ERRORS_TEXT } from "~/components/admin/texts";
import { IN_LANGUAGE } from "~/order/admin-texts";
import { PAYMENT_TEXT } from "~/payments/admin-texts";
import { SHIPPING_TEXT } from "~/shipping/admin-texts";
import { WITHDRAWAL_TEXT } from "~/withdrawal/admin-texts";
import { isTransition } from "~/order/lifecycle/transitions";
import { AdminShell, Notice } from "~/components/admin/AdminShell";
import { Facts } from "~/components/admin/Facts";
import { OrderAgreement } from "~/admin/OrderAgreement";
import {
  OrderDeclarations,
  REPLACEMENT_INTENT,
  REPLACEMENT_PAYMENT_CANCEL_INTENT,
  REPLACEMENT_PAYMENT_INTENT,
} from "~/admin/OrderDeclarations";
import { awaitingCharge } from "~/order/replacement-charge.server";
import { declarationsOfOrder } from "~/order/replacement.server";
import { REPLACEMENT_TEXT } from "~/order/replacement-admin-texts";
import { OrderCorrections, OrderNotes } from "~/admin/OrderCorrections";
import { OrderHistory, OrderMessages } from "~/admin/OrderHistory";
import { OrderOverview } from "~/admin/OrderOverview";
import { lookupCountOf } from "~/verification/lookup.server";
import { OrderPayments } from "~/admin/OrderPayments";
import { TransitionForm } from "~/admin/TransitionForm";
import { UndoForm } from "~/admin/UndoForm";
import { undoOffer } from "~/flows/undo.server";
import { OrderWithdrawal } from "~/withdrawal/AdminWithdrawals";
import { withdrawalsOfOrder } from "~/withdrawal/admin.server";
import { DeliveryProofForm, RecordStatementForm, WithdrawalDecisionForm } from "~/withdrawal/WithdrawalDecisionForm";
import { ErrorSummary } from "~/components/forms";
import { formatPrice } from "~/i18n/money";
import { warsawDay } from "~/order/delivery-dates.server";
import { env } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { pathFor } from "~/i18n/routes";
import { nudgeMailWorker } from "~/jobs/mail-worker.server";
import { NO_HYDRATION } from "~/render/hydration";
import { readFormDataOr413 } from "~/security/body.server";
import { AdminShipping } from "~/shipping/AdminShipping";
import { INVOICE_ADMIN_TEXT } from "~/invoices/admin-texts";
import { invoicesOfOrder } from "~/invoices/admin.server";
import { AdminOrderInvoices } from "~/invoices/AdminOrderInvoices";
import { ksefSendsInvoices } from "~/invoices/ksef-link.server";
import { refundAfterDecision } from "~/order/lifecycle/refund-ceiling.server";
import { ANSWER_INTENT } from "~/messages/admin-answer";
import { answerFormView } from "~/messages/admin-answer.server";
import { ThreadSection } from "~/messages/AdminMessages";
import { MESSAGES_TEXT } from "~/messages/admin-texts";
import { MESSAGE_MAX_CHARS } from "~/messages/conversation.server";
import { conversationForAdmin, conversationIdOfOrder } from "~/messages/inbox.server";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Zamówienie ${data?.detail?.order.number ?? ""} | Panel obsługi` },
  { name: "robots", content: "noindex, nofollow" },
];

function orderIdOf(param: string | undefined): number | null {
  return param && /^\d{1,12}$/.test(param) ? Number(param) : null;
}

/** What ?done= may say after a redirect: a status move, an online refund, or a correction. `withdrawn`: money recorded then e-mails nobody. */
function doneMessage(done: string | null, withdrawn: boolean): string | null {
  if (done === "withdrawal_decision") return WITHDRAWAL_TEXT.decision.done;
  if (done === "withdrawal_settled") return WITHDRAWAL_TEXT.settle.done;
  if (done === "withdrawal_delivery") return WITHDRAWAL_TEXT.delivery.done;
  if (done === "withdrawal_recorded") return WITHDRAWAL_TEXT.record.done;
  if (done === "withdrawal_recorded_late") return WITHDRAWAL_TEXT.record.doneLate;
  if (done === "mark_paid" && withdrawn) return TRANSITION_TEXT.done.mark_paid;
  if (isTransition(done)) return `${TRANSITION_TEXT.done[done]} ${TRANSITION_TEXT.customerTold}`;
  if (done === "refund") return `${PAYMENT_TEXT.done} ${TRANSITION_TEXT.customerTold}`;
  if (isCorrectionIntent(done)) return CORRECTION_TEXT.done[done];
  // The customer hears of it when InPost has the parcel, not now (docs/decisions/066).
  if (done === "ship") return SHIPPING_TEXT.done;
  if (done === "undo_withdrawn" || done === "undo_correction" || done === "undo_none")
    return UNDO_TEXT.done[done.slice("undo_".length) as keyof typeof UNDO_TEXT.done];
  if (done === "invoice") return INVOICE_ADMIN_TEXT.done;
  if (done === ANSWER_INTENT) return MESSAGES_TEXT.answer.sent;
  if (done === REPLACEMENT_INTENT) return REPLACEMENT_TEXT.done;
  if (done === REPLACEMENT_PAYMENT_INTENT) return REPLACEMENT_TEXT.online.requested;
  if (done === REPLACEMENT_PAYMENT_CANCEL_INTENT) return REPLACEMENT_TEXT.online.cancelled;
  return null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const orderId = orderIdOf(params.id);
  const db = getDb();
  const detail = orderId === null ? null : await findOrderDetail(db, orderId);
  if (!detail) throw json({ operator }, { status: 404, headers: ADMIN_HEADERS });
  const now = new Date();
  const notes = await notesOf(db, detail.order.id);
  const withdrawals = await withdrawalsOfOrder(db, detail.order.id);
  const deadlines = orderDeadlinesOf(detail.order, env.PAYMENT_DEADLINE_DAYS, now);
  const url = new URL(request.url);
  const doneParam = url.searchParams.get("done");
  const conversationId = await conversationIdOfOrder(db, detail.order.id);
  const thread = conversationId === null ? null : await conversationForAdmin(db, conversationId);
  const done = doneMessage(doneParam, detail.order.withdrawn_at !== null);
  return json(
    {
      operator,
      detail,
      notes,
      withdrawals,
      decision: decisionViewOf(detail.order, detail.moneyHeld),
      deadlines,
      done,
      refunded: doneParam === "refund",
      today: warsawDay(now),
      canShip: context.services.shipping !== null,
      invoices: await invoicesOfOrder(db, detail.order.id),
      undo: await undoOffer(db, detail.order.id, operator, now),
      ksefSends: ksefSendsInvoices(),
      threadMessages: thread?.messages ?? [],
      answerView: await answerFormView(db, url, detail.order.locale, detail.order, now),
      lookups: await lookupCountOf(db, detail.order.id),
      declarations: await declarationsOfOrder(db, detail.order.id),
      replacementPriceGrosze: env.PRICE_REPLACEMENT,
      replacementCharge: await awaitingCharge(db, detail.order.id),
      onlinePayment: context.services.payments !== null,
    },
    { headers: ADMIN_HEADERS },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const operator = await requireOperator(request);
  const orderId = orderIdOf(params.id);
  if (orderId === null) throw json({ operator }, { status: 404, headers: ADMIN_HEADERS });
  const form = await readFormDataOr413(request);
  const outcome = await answerOrderForm({ db: getDb(), services: context.services, orderId, form, operator, now: new Date() });
  if (outcome.kind === "not-found") throw json({ operator }, { status: 404, headers: ADMIN_HEADERS });
  if (outcome.kind === "refused") return json(outcome.refusal, { status: outcome.status, headers: ADMIN_HEADERS });
  nudgeMailWorker();
  return redirect(`${orderDetailPath(orderId)}?done=${outcome.done}`, { status: 303, headers: ADMIN_HEADERS });
}

const SECTION = "mt-8";
const SECTION_HEADING = "text-xl font-bold text-slate-900";

export default function AdminOrderPage() {
  const {
    operator,
    detail,
    notes,
    withdrawals,
    decision,
    deadlines,
    done,
    refunded,
    today,
    canShip,
    invoices,
    ksefSends,
    undo,
    threadMessages,
    answerView,
    lookups,
    declarations,
    replacementPriceGrosze,
    replacementCharge,
    onlinePayment,
  } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { order, events, messages, payments, transitions, paidOnline, moneyHeld } = detail;
  const paymentPage = pathFor("payment", order.locale, { token: order.payment_token });
  const correction = refusal?.correction ?? null;
  // The page loads at its top; the refused form may be far below, so its problems are listed here, each linking to its field.
  const problems = orderPageProblems(refusal, order.locale);
  const afterDecision = refundAfterDecision(order);
  const moneyNote = cancelMoneyNote(moneyHeld, afterDecision);
  return (
    <AdminShell operator={operator} title={`Zamówienie ${order.number}`}>
      <p className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        <a href={ORDER_LIST_PATH} className="font-semibold text-blue-900 underline">
          ← Wszystkie zamówienia
        </a>
        <a href={customerDataPath(order.id)} className="font-semibold text-blue-900 underline">
          {CUSTOMER_DATA_TEXT.link}
        </a>
      </p>
      {done && !refusal ? (
        <Notice tone="success" testId={refunded ? "refund-done" : "transition-done"}>
          {done}
        </Notice>
      ) : null}
      {refusal?.errors.form ? (
        <Notice tone="error" testId="transition-refused">
          {refusal.errors.form}
        </Notice>
      ) : null}
      {problems ? (
        <div className="mt-4">
          <ErrorSummary heading={FORM_ERRORS_TEXT.heading(problems.form)} items={problems.problems} />
        </div>
      ) : null}

      {order.status === "cancelled" && moneyHeld.byTransfer !== null ? (
        <Notice tone="error" testId="refund-due">
          {PAYMENT_TEXT.refundDue(formatPrice(afterDecision?.refundGrosze ?? moneyHeld.byTransfer, "pl"))}
        </Notice>
      ) : null}

      <OrderWithdrawal withdrawnAt={order.withdrawn_at} statements={withdrawals}>
        {decision?.deliveryUnrecorded ? <DeliveryProofForm refusal={refusal?.withdrawalDelivery ?? null} today={today} /> : null}
        {decision ? (
          <WithdrawalDecisionForm view={decision} refusal={refusal?.withdrawalDecision ?? null} inLanguage={IN_LANGUAGE[order.locale]} />
        ) : null}
      </OrderWithdrawal>

      <RecordStatementForm refusal={refusal?.withdrawalRecord ?? null} today={today} />

      <OrderOverview order={order} deadlines={deadlines} lookups={lookups} />

      <section aria-labelledby="actions-heading" className={SECTION}>
        <h2 id="actions-heading" className={SECTION_HEADING}>
          Zmiana statusu
        </h2>
        {undo ? (
          <div className="mt-4">
            <UndoForm move={undo.move} refusal={undo.refusal} />
          </div>
        ) : null}
        {transitions.length === 0 ? (
          <p className="mt-2 text-slate-700">To zamówienie jest zamknięte: nie ma dalszych zmian statusu.</p>
        ) : null}
        <div className="mt-4 grid gap-6 lg:grid-cols-3">
          {transitions.map((transition) => (
            <TransitionForm
              key={transition}
              transition={transition}
              today={today}
              locale={order.locale}
              moneyNote={transition === "cancel" ? moneyNote : null}
              afterDecision={afterDecision}
              refusal={refusal?.transition === transition ? refusal : null}
              withdrawn={order.withdrawn_at !== null}
            />
          ))}
        </div>
      </section>

      <AdminShipping order={order} canShip={canShip} errors={refusal?.ship?.errors} />

      <OrderDeclarations
        order={order}
        declarations={declarations}
        priceGrosze={replacementPriceGrosze}
        awaiting={replacementCharge}
        onlinePayment={onlinePayment}
        today={today}
        refusal={refusal?.replacement ?? null}
      />

      <section aria-labelledby="customer-heading" className={SECTION}>
        <h2 id="customer-heading" className={SECTION_HEADING}>
          Klient
        </h2>
        <Facts rows={customerFacts(order)} />
        <p className="mt-3">
          <a href={paymentPage} className="text-blue-900 underline">
            Strona płatności klienta
          </a>
        </p>
      </section>

      <section aria-labelledby="order-heading" className={SECTION}>
        <h2 id="order-heading" className={SECTION_HEADING}>
          Zamówienie
        </h2>
        <Facts rows={orderFacts(order)} />
      </section>

      <OrderPayments
        payments={payments}
        orderStatus={order.status}
        locale={order.locale}
        afterDecision={afterDecision}
        refusal={refusal?.refund ?? null}
      />

      <AdminOrderInvoices
        orderId={order.id}
        paid={order.paid_at !== null && order.status !== "cancelled"}
        request={invoices.request}
        invoices={invoices.invoices}
        ksefSends={ksefSends}
        ksef={invoices.ksef}
      />

      <OrderAgreement order={order} />

      <section aria-labelledby="consents-heading" className={SECTION}>
        <h2 id="consents-heading" className={SECTION_HEADING}>
          Oświadczenia i żądania klienta
        </h2>
        <Facts
          rows={[
            { label: "Przetwarzanie danych", value: formatWarsawTime(order.data_processing_consent_at) },
            { label: "Akceptacja regulaminu i umowy", value: formatWarsawTime(order.terms_accepted_at) },
            {
              label: "Żądanie wykonania przed upływem terminu na odstąpienie",
              value: order.immediate_performance_consent_at
                ? formatWarsawTime(order.immediate_performance_consent_at)
                : "nie (usługa rozpocznie się po upływie terminu na odstąpienie)",
            },
          ]}
        />
      </section>

      <OrderNotes notes={notes} refusal={correction} />
      <OrderCorrections order={order} paidOnline={paidOnline} afterDecision={afterDecision} refusal={correction} />
      {/* The customer's thread beside the history on a wide screen: what was said next to what was done. */}
      <div className="grid gap-x-10 lg:grid-cols-2">
        <OrderHistory createdAt={order.created_at} events={events} />
        {order.anonymised_at ? null : (
          <ThreadSection
            messages={threadMessages}
            locale={order.locale}
            contact={false}
            view={answerView}
            state={refusal?.answer ?? null}
            maxChars={MESSAGE_MAX_CHARS}
          />
        )}
      </div>
      <OrderMessages messages={messages} order={order} />
    </AdminShell>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminShell";
