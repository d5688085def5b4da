import {
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { OrderSteps } from "~/order-form/OrderSteps";
import { FIELD_ID_PREFIX } from "~/forms/field-id";
import { isNetworkFailure } from "~/forms/offline";
import { pageIdOfRoute } from "~/i18n/routes";
import { pageMeta } from "~/i18n/seo";
import { action, loader } from "./order.server";
import { STANDARD_VARIANT, variantOfPage } from "~/order/variants";
import type { NetworkErrorState, OrderState } from "~/order/view-state";

/**
 * Both order pages (the route table's `order` and `orderAutomatic`). The steps' logic lives in
 * app/order; the loader and the action, which turn its outcome into HTTP, are beside this module
 * in ./order.server.ts.
 */
export { action, loader };

export const meta = pageMeta;

/**
 * With JavaScript, a request that never reaches the server (offline, dropped connection)
 * becomes a message on the same step instead of the error screen.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = (await request.clone().formData()).get("intent") === "accept" ? "accept" : "preview";
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (isNetworkFailure(error)) return { offline: true, stage: "networkError", intent } satisfies NetworkErrorState;
    throw error;
  }
}

/**
 * The loader only reads the URL (?type=, which also reports InitiateCheckout), so it runs
 * again only when a visit changes the URL: not after each step's action (the step answers with
 * its own data; loading again would hold back the step's history entry, and a Back pressed
 * meanwhile left the page), nor after the cookie banner's, which would report the checkout again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod }) =>
  (formMethod === undefined || formMethod.toUpperCase() === "GET") && currentUrl.href !== nextUrl.href;

/** The variant of the page being shown, from its route id (`<pageId>.<locale>`). */
function useVariant() {
  return variantOfPage(pageIdOfRoute(useMatches().at(-1)?.id)) ?? STANDARD_VARIANT;
}

export default function OrderRoute() {
  const data = useLoaderData<typeof loader>();
  const state = useActionData<typeof clientAction>() as OrderState | undefined;
  return <OrderSteps variant={useVariant()} page={data} state={state} />;
}

/** A 400 or 503 is the form or the preview again, with its messages; anything else is the error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  const variant = useVariant();
  // The page's own data, when its loader ran before the action's 400 (a document request).
  const page = useRouteLoaderData<typeof loader>(useMatches().at(-1)?.id ?? "") ?? null;
  if (isRouteErrorResponse(error) && (error.status === 400 || error.status === 503) && error.data && typeof error.data === "object") {
    return <OrderSteps variant={variant} page={page} state={error.data as OrderState} />;
  }
  return (
    <>
      {/* The language switcher's buttons submit the order form (LanguageSwitcher): here an empty one, to the empty form. */}
      <form id={FIELD_ID_PREFIX} method="post" hidden />
      <GeneralErrorBoundary />
    </>
  );
}
