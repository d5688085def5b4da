import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { StructuredData } from "~/components/StructuredData";
import { pageMeta } from "~/i18n/seo";
import { OrderErrorBoundary, OrderPage, orderClientAction, orderShouldRevalidate } from "~/order/OrderPage";
import { orderAction, orderLoader } from "~/order/order-route.server";
import { STANDARD_VARIANT } from "~/order/variants";
import type { OrderState } from "~/order/view-state";

export const shouldRevalidate = orderShouldRevalidate;

export const meta = pageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return json(orderLoader(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return orderAction(request, STANDARD_VARIANT);
}

export const clientAction = orderClientAction;

export default function OrderRoute() {
  const { defaultType } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as OrderState | undefined;
  return (
    <>
      <OrderPage variant={STANDARD_VARIANT} defaultType={defaultType} state={state} />
      <StructuredData />
    </>
  );
}

export function ErrorBoundary() {
  return <OrderErrorBoundary variant={STANDARD_VARIANT} />;
}
