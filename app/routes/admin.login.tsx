import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { codeStepPath, LOGIN_PATH, withNext } from "~/components/admin/paths";
import { ADMIN_HEADERS, safeNextPath, sessionCookie, sessionIdOf } from "~/admin/session.server";
import { operatorForSession, revokeSession, signIn } from "~/admin/sign-in.server";
import { SIGN_IN_TEXT, signInEndedText } from "~/admin/texts";
import { AdminShell, ADMIN_BUTTON, Notice } from "~/components/admin/AdminShell";
import { PlainField } from "~/components/forms";
import { HoneypotField } from "~/components/HoneypotField";
import { getDb } from "~/db/db.server";
import { isSingleLineText } from "~/forms/control-characters";
import { honeypotTripped } from "~/forms/honeypot";
import { NO_HYDRATION } from "~/render/hydration";
import { clientAddressOfRequest } from "~/server/client-address.server";
import { readFormDataOr413 } from "~/security/body.server";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction = () => [
  { title: `${SIGN_IN_TEXT.title} | Adres do eksmisji` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get("next"));
  if (await operatorForSession(getDb(), await sessionIdOf(request), new Date())) throw redirect(next, { headers: ADMIN_HEADERS });
  const ended = signInEndedText(url.searchParams.get("ended"));
  return json(
    { next, signedOut: url.searchParams.has("signedOut"), restart: url.searchParams.has("restart"), ended },
    { headers: ADMIN_HEADERS },
  );
}

type SignInProblem = { email: string; errors: { email?: string; password?: string; form?: string } };
const NO_ERRORS: SignInProblem["errors"] = {};

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormDataOr413(request);
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  // Settled before anything is written, so no answer after a correct password can fail.
  const next = safeNextPath(new URL(request.url).searchParams.get("next"));
  const problem = (status: number, errors: SignInProblem["errors"]) =>
    json({ email, errors } satisfies SignInProblem, { status, headers: ADMIN_HEADERS });
  // A bot that fills every field gets the answer a wrong password gets; nothing is checked or recorded.
  if (honeypotTripped(form)) return problem(400, { form: SIGN_IN_TEXT.invalid });
  if (!email || !password)
    return problem(400, {
      email: email ? undefined : SIGN_IN_TEXT.emailRequired,
      password: password ? undefined : SIGN_IN_TEXT.passwordRequired,
    });
  if (!isSingleLineText(email)) return problem(400, { email: SIGN_IN_TEXT.emailControlCharacters });

  const db = getDb();
  const result = await signIn(db, email, password, clientAddressOfRequest(request), new Date());
  if (!result.ok) {
    if (result.reason === "locked") return problem(429, { form: SIGN_IN_TEXT.locked });
    if (result.reason === "invalid") return problem(400, { form: SIGN_IN_TEXT.invalid });
    if (result.reason === "account-locked") return problem(423, { form: SIGN_IN_TEXT.accountLocked });
    // The password was right, but no second factor can be checked: nobody gets in without one.
    return problem(403, { form: result.reason === "not-enrolled" ? SIGN_IN_TEXT.notEnrolled : SIGN_IN_TEXT.keyUnavailable });
  }
  // A new id at each step: a session id someone planted or saw before is worth nothing now.
  await revokeSession(db, await sessionIdOf(request));
  return redirect(codeStepPath(next), {
    status: 303,
    headers: { ...ADMIN_HEADERS, "Set-Cookie": await sessionCookie(result.pendingSessionId) },
  });
}

export default function AdminLoginPage() {
  const { next, signedOut, restart, ended } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const errors = problem?.errors ?? NO_ERRORS;
  const formAction = withNext(LOGIN_PATH, next);
  return (
    <AdminShell operator={null} title={SIGN_IN_TEXT.title}>
      {signedOut && !problem ? <Notice tone="success">{SIGN_IN_TEXT.signedOut}</Notice> : null}
      {ended && !problem ? (
        <Notice tone="error" testId="sign-in-ended">
          {ended}
        </Notice>
      ) : null}
      {restart && !problem ? (
        <Notice tone="error" testId="sign-in-restart">
          {SIGN_IN_TEXT.restart}
        </Notice>
      ) : null}
      {errors.form ? (
        <Notice tone="error" testId="sign-in-error">
          {errors.form}
        </Notice>
      ) : null}
      <form method="post" action={formAction} className="relative mt-6 grid max-w-sm gap-4" noValidate>
        <PlainField
          id="admin-email"
          name="email"
          label={SIGN_IN_TEXT.email}
          type="email"
          autoComplete="username"
          defaultValue={problem?.email ?? ""}
          error={errors.email}
          required
        />
        <PlainField
          id="admin-password"
          name="password"
          label={SIGN_IN_TEXT.password}
          type="password"
          autoComplete="current-password"
          error={errors.password}
          required
        />
        <div>
          <button type="submit" className={ADMIN_BUTTON}>
            {SIGN_IN_TEXT.submit}
          </button>
        </div>
        <HoneypotField />
      </form>
    </AdminShell>
  );
}
export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminShell";
