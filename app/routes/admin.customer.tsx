import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { confirmedIdsOf, eraseCustomerData, findCustomer, ordersInProgress } from "~/admin/customer-data.server";
import { ERASURE_CATEGORIES, ERASURE_CATEGORY_LABEL, readErasureRequest, type ErasureRequestProblem } from "~/admin/erasure-request";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { ORDER_LIST_PATH, customerDataPath, customerExportPath, orderDetailPath } from "~/components/admin/paths";
import { ADMIN_HEADERS, requireOperator } from "~/admin/session.server";
import { CUSTOMER_DATA_TEXT } from "~/admin/texts";
import { FORM_ERRORS_TEXT } from "~/components/admin/texts";
import { STATUS_LABEL } from "~/order/admin-texts";
import { AdminShell, ADMIN_BUTTON, ADMIN_SECONDARY_BUTTON, Notice } from "~/components/admin/AdminShell";
import { ErrorSummary, PlainField } from "~/components/forms";
import { formatPrice } from "~/i18n/money";
import { getDb } from "~/db/db.server";
import type { OrderRow } from "~/db/schema";
import { NO_HYDRATION } from "~/render/hydration";
import { readFormDataOr413 } from "~/security/body.server";
import { clientAddressOfRequest } from "~/server/client-address.server";
import { OBJECTION_INTENT, objectionOutcomeOf, objectionQuery, RequestObjection } from "~/reviews/RequestObjection";
import { recordRequestObjection } from "~/reviews/reviews.server";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction = () => [
  { title: `${CUSTOMER_DATA_TEXT.title} | Panel obsługi` },
  { name: "robots", content: "noindex, nofollow" },
];

const orderIdOf = (param: string | undefined) => (param && /^\d{1,12}$/.test(param) ? Number(param) : null);

/** The customer of the opened order, with the orders sharing only a phone that the operator confirmed (`also`). */
async function customerOrNotFound(operator: string, param: string | undefined, also: readonly number[]) {
  const orderId = orderIdOf(param);
  const customer = orderId === null ? null : await findCustomer(getDb(), orderId, also);
  if (!customer) throw json({ operator }, { status: 404, headers: ADMIN_HEADERS });
  return { orderId: orderId!, customer };
}

const rowOf = (order: OrderRow) => ({
  id: order.id,
  number: order.number,
  createdAt: order.created_at,
  status: order.status,
  priceGrosze: order.price_grosze,
  anonymised: Boolean(order.anonymised_at),
  person: order.anonymised_at ? null : `${order.tenant_name} · ${order.email} · ${order.phone}`,
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  const url = new URL(request.url);
  const { orderId, customer } = await customerOrNotFound(operator, params.id, confirmedIdsOf(url.searchParams.getAll("also")));
  const confirmed = customer.orders.filter((order) => customer.confirmedByHand.includes(order.number)).map((order) => order.id);
  return json(
    {
      operator,
      orderId,
      email: customer.email,
      orders: customer.orders.map((order) => ({ ...rowOf(order), joinedByHand: confirmed.includes(order.id) })),
      phoneOnly: customer.phoneOnly.map(rowOf),
      also: confirmed,
      inProgress: ordersInProgress(customer.orders).map((order) => order.number),
      erased: url.searchParams.get("erased"),
      objection: objectionOutcomeOf(url),
    },
    { headers: ADMIN_HEADERS },
  );
}

type Refusal = {
  errors: { category?: string; reference?: string; confirm?: string; form?: string };
  values: { category: string; reference: string };
};

const REQUEST_PROBLEM: Record<ErasureRequestProblem, Refusal["errors"]> = {
  category: { category: CUSTOMER_DATA_TEXT.categoryMissing },
  "reference-shape": { reference: CUSTOMER_DATA_TEXT.referenceInvalid },
  "reference-names-customer": { reference: CUSTOMER_DATA_TEXT.referenceNamesCustomer },
};

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireOperator(request);
  const form = await readFormDataOr413(request);
  // The orders joined by hand travel in the page's address, so a refused form shows them again as they were.
  const also = confirmedIdsOf(new URL(request.url).searchParams.getAll("also"));
  const { orderId, customer } = await customerOrNotFound(operator, params.id, also);
  const back = customerDataPath(orderId, also);
  const query = (outcome: string) => `${back}${back.includes("?") ? "&" : "?"}${outcome}`;
  if (form.get("intent") === OBJECTION_INTENT) {
    const ids = customer.orders.map((order) => order.id);
    const objected = await recordRequestObjection(getDb(), ids, operator, new Date());
    return redirect(query(objectionQuery(objected)), { status: 303, headers: ADMIN_HEADERS });
  }
  const values = { category: String(form.get("category") ?? ""), reference: String(form.get("reference") ?? "").trim() };
  const read = readErasureRequest(values.category, values.reference, customer.orders);
  const errors: Refusal["errors"] =
    "problems" in read ? Object.assign({}, ...read.problems.map((problem) => REQUEST_PROBLEM[problem])) : {};
  if (form.get("confirm") !== "yes") errors.confirm = CUSTOMER_DATA_TEXT.confirmMissing;
  const refuse = (status: number, refusal: Refusal["errors"]) =>
    json<Refusal>({ errors: refusal, values }, { status, headers: ADMIN_HEADERS });
  if ("problems" in read || errors.confirm) return refuse(400, errors);
  const result = await eraseCustomerData(getDb(), customer, { operator, ...read, ip: clientAddressOfRequest(request) }, new Date());
  if (!result.ok) return refuse(409, { form: CUSTOMER_DATA_TEXT.eraseInProgress(result.orders.join(", ")) });
  return redirect(query(`erased=${encodeURIComponent(result.erased.join(", "))}`), { status: 303, headers: ADMIN_HEADERS });
}

const FIELD_ERROR = "mt-1 font-semibold text-red-800";

export default function AdminCustomerPage() {
  const { operator, orderId, email, orders, phoneOnly, also, inProgress, erased, objection } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors ?? {};
  const everythingErased = orders.every((order) => order.anonymised);
  const problems = [
    ...(errors.category ? [{ id: `erase-category-${ERASURE_CATEGORIES[0]}`, message: errors.category }] : []),
    ...(errors.reference ? [{ id: "erase-reference", message: errors.reference }] : []),
    ...(errors.confirm ? [{ id: "erase-confirm", message: errors.confirm }] : []),
  ];
  return (
    <AdminShell operator={operator} title={CUSTOMER_DATA_TEXT.title}>
      <p className="mt-2">
        <a href={ORDER_LIST_PATH} className="font-semibold text-blue-900 underline">
          ← Wszystkie zamówienia
        </a>
      </p>
      <ErrorSummary heading={FORM_ERRORS_TEXT.heading(CUSTOMER_DATA_TEXT.eraseHeading)} items={problems} />
      {erased ? (
        <Notice tone="success" testId="customer-erased">
          {CUSTOMER_DATA_TEXT.erased(erased)}
        </Notice>
      ) : null}
      {errors.form ? (
        <Notice tone="error" testId="customer-error">
          {errors.form}
        </Notice>
      ) : null}
      <section className="mt-6" aria-labelledby="customer-orders">
        <h2 id="customer-orders" className="text-xl font-semibold text-slate-900">
          {CUSTOMER_DATA_TEXT.ordersHeading}
        </h2>
        {email ? (
          <p className="mt-2 max-w-prose text-slate-800" data-testid="customer-email">
            {CUSTOMER_DATA_TEXT.requestFrom(email)}
          </p>
        ) : null}
        <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200" data-testid="customer-orders">
          {orders.map((order) => (
            <li key={order.id} className="py-3">
              <OrderLine order={order} />
              {order.joinedByHand ? (
                <>
                  <br />
                  <strong>{CUSTOMER_DATA_TEXT.joinedByHand}</strong> ·{" "}
                  <a
                    href={customerDataPath(
                      orderId,
                      also.filter((id) => id !== order.id),
                    )}
                    className="inline-block py-2 font-semibold text-blue-900 underline"
                  >
                    {CUSTOMER_DATA_TEXT.detach}
                    <span className="sr-only"> {order.number}</span>
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {phoneOnly.length > 0 ? (
        <section className="mt-8 max-w-2xl" aria-labelledby="customer-phone-only">
          <h2 id="customer-phone-only" className="text-xl font-semibold text-slate-900">
            {CUSTOMER_DATA_TEXT.phoneOnlyHeading}
          </h2>
          <p className="mt-2 rounded-md bg-amber-50 p-3 text-slate-900">{CUSTOMER_DATA_TEXT.phoneOnlyLead}</p>
          <form method="get" action={customerDataPath(orderId)} className="mt-3">
            {also.map((id) => (
              <input key={id} type="hidden" name="also" value={id} />
            ))}
            <ul className="divide-y divide-slate-200 border-y border-slate-200" data-testid="customer-phone-only">
              {phoneOnly.map((order) => (
                <li key={order.id} className="py-3">
                  <OrderLine order={order} />
                  <label className="mt-2 flex items-start gap-2 font-semibold text-slate-900">
                    <input type="checkbox" name="also" value={order.id} className="mt-1 h-5 w-5 shrink-0" />
                    {CUSTOMER_DATA_TEXT.confirmPhoneOnly(order.number)}
                  </label>
                </li>
              ))}
            </ul>
            <p className="mt-3">
              <button type="submit" className={ADMIN_SECONDARY_BUTTON}>
                {CUSTOMER_DATA_TEXT.join}
              </button>
            </p>
          </form>
        </section>
      ) : null}
      <section className="mt-8" aria-labelledby="customer-export">
        <h2 id="customer-export" className="text-xl font-semibold text-slate-900">
          {CUSTOMER_DATA_TEXT.exportHeading}
        </h2>
        <p className="mt-2 max-w-prose text-slate-800">{CUSTOMER_DATA_TEXT.exportLead}</p>
        <p className="mt-3 flex flex-wrap gap-3">
          <a href={customerExportPath(orderId, "json", also)} className={ADMIN_SECONDARY_BUTTON} download>
            {CUSTOMER_DATA_TEXT.exportJson}
          </a>
          <a href={customerExportPath(orderId, "pdf", also)} className={ADMIN_SECONDARY_BUTTON} download>
            {CUSTOMER_DATA_TEXT.exportPdf}
          </a>
        </p>
      </section>
      {everythingErased ? null : <RequestObjection action={customerDataPath(orderId, also)} outcome={objection} />}
      <section className="mt-8 max-w-2xl" aria-labelledby="customer-erase">
        <h2 id="customer-erase" className="text-xl font-semibold text-slate-900">
          {CUSTOMER_DATA_TEXT.eraseHeading}
        </h2>
        {everythingErased ? (
          <p className="mt-2 text-slate-800">{CUSTOMER_DATA_TEXT.nothingLeft}</p>
        ) : (
          <>
            <p className="mt-2 rounded-md bg-amber-50 p-3 text-slate-900" id="erase-note">
              {CUSTOMER_DATA_TEXT.eraseLead}
            </p>
            {inProgress.length > 0 ? (
              <p className="mt-3 font-semibold text-red-800">{CUSTOMER_DATA_TEXT.eraseInProgress(inProgress.join(", "))}</p>
            ) : null}
            <form method="post" action={customerDataPath(orderId, also)} className="mt-4 grid gap-4" noValidate>
              <fieldset aria-describedby={errors.category ? "erase-category-error" : undefined}>
                <legend className="font-semibold text-slate-900">{CUSTOMER_DATA_TEXT.category}</legend>
                {errors.category ? (
                  <p className={FIELD_ERROR} id="erase-category-error">
                    {errors.category}
                  </p>
                ) : null}
                {ERASURE_CATEGORIES.map((category) => (
                  <label key={category} className="mt-2 flex items-start gap-2 text-slate-900">
                    <input
                      type="radio"
                      id={`erase-category-${category}`}
                      name="category"
                      value={category}
                      defaultChecked={refusal?.values.category === category}
                      className="mt-1 h-5 w-5 shrink-0"
                    />
                    {ERASURE_CATEGORY_LABEL[category]}
                  </label>
                ))}
              </fieldset>
              <PlainField
                id="erase-reference"
                name="reference"
                label={CUSTOMER_DATA_TEXT.reference}
                hint={CUSTOMER_DATA_TEXT.referenceHint}
                defaultValue={refusal?.values.reference}
                error={errors.reference}
                required
                maxLength={40}
              />
              <div>
                {errors.confirm ? (
                  <p className={FIELD_ERROR} id="erase-confirm-error">
                    {errors.confirm}
                  </p>
                ) : null}
                <label className="mt-1 flex items-start gap-2 font-semibold text-slate-900">
                  <input
                    type="checkbox"
                    id="erase-confirm"
                    name="confirm"
                    value="yes"
                    className="mt-1 h-5 w-5"
                    aria-invalid={errors.confirm ? true : undefined}
                    aria-describedby={errors.confirm ? "erase-confirm-error erase-note" : "erase-note"}
                  />
                  {CUSTOMER_DATA_TEXT.confirm}
                </label>
              </div>
              <div>
                <button type="submit" className={ADMIN_BUTTON}>
                  {CUSTOMER_DATA_TEXT.submit}
                </button>
              </div>
            </form>
          </>
        )}
      </section>
    </AdminShell>
  );
}
type OrderLineProps = {
  order: { id: number; number: string; createdAt: string; status: OrderRow["status"]; priceGrosze: number; person: string | null };
};

/** One order as the customer page lists it: number (to the order), when, status, price, and whose data it holds. */
function OrderLine({ order }: OrderLineProps) {
  return (
    <>
      <a href={orderDetailPath(order.id)} className="font-semibold text-blue-900 underline">
        {order.number}
      </a>{" "}
      · {formatWarsawTime(order.createdAt)} · {STATUS_LABEL[order.status]} · {formatPrice(order.priceGrosze, "pl")}
      <br />
      {order.person ?? CUSTOMER_DATA_TEXT.anonymised}
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminShell";
