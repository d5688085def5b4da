import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { handleOrderApi } from "~/flows/accept-order-api.server";

/** POST /api/preview: the contract for the posted data, as escaped HTML. Stores nothing. */
export const action = ({ request }: ActionFunctionArgs) => handleOrderApi(request, "details", { db: getDb() });
export const loader = action;
