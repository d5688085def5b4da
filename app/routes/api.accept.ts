import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { nudgeMailWorker } from "~/jobs/mail-worker.server";
import { handleOrderApi } from "~/flows/accept-order-api.server";

/** POST /api/accept: writes the order (idempotent with an Idempotency-Key header) and answers its payment_url. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleOrderApi(request, "accept", { db: getDb(), onOrderCreated: nudgeMailWorker });
export const loader = action;
