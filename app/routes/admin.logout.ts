import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { ADMIN_HOME, LOGIN_PATH } from "~/components/admin/paths";
import { ADMIN_HEADERS, clearedSessionCookie, sessionIdOf } from "~/admin/session.server";
import { signOut } from "~/admin/sign-in.server";
import { getDb } from "~/db/db.server";
import { isSameOriginRequest } from "~/security/same-origin.server";
import { clientAddressOfRequest } from "~/server/client-address.server";

/** Signing out deletes the session on the server, so the old cookie opens nothing afterwards; the audit trail records it. */
export async function action({ request }: ActionFunctionArgs) {
  if (!isSameOriginRequest(request)) throw new Response("Forbidden", { status: 403, headers: ADMIN_HEADERS });
  await signOut(getDb(), await sessionIdOf(request), clientAddressOfRequest(request), new Date());
  return redirect(`${LOGIN_PATH}?signedOut`, { status: 303, headers: { ...ADMIN_HEADERS, "Set-Cookie": await clearedSessionCookie() } });
}

/** Signing out is a form POST; a visit to the address goes to the list (or the login page). */
export function loader() {
  return redirect(ADMIN_HOME, { headers: ADMIN_HEADERS });
}
