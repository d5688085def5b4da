import type { ActionFunctionArgs } from "@remix-run/node";
import { handleOrderApi } from "~/order/api.server";

/** POST /api/accept: writes the order (idempotent with an Idempotency-Key header) and answers its payment_url. */
export const action = ({ request }: ActionFunctionArgs) => handleOrderApi(request, "accept");
export const loader = action;
