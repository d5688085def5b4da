import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CODE_STEP_PATH, LOGIN_PATH, withNext } from "~/components/admin/paths";
import { ADMIN_HEADERS, clearedSessionCookie, safeNextPath, sessionCookie, sessionIdOf } from "~/admin/session.server";
import { completeSignIn, pendingSignIn, readSecondFactor, type SecondFactorTypo } from "~/admin/sign-in.server";
import { CODE_TEXT, SIGN_IN_ENDED_TEXT, SIGN_IN_TEXT } from "~/admin/texts";
import { AdminShell, ADMIN_BUTTON, ADMIN_SECONDARY_BUTTON, Notice } from "~/components/admin/AdminShell";
import { PlainField } from "~/components/forms";
import { getDb } from "~/db/db.server";
import { NO_HYDRATION } from "~/render/hydration";
import { readFormDataOr413 } from "~/security/body.server";
import { isSameOriginRequest } from "~/security/same-origin.server";
import { clientAddressOfRequest } from "~/server/client-address.server";

export const handle = NO_HYDRATION;
export const headers = () => ADMIN_HEADERS;
export const meta: MetaFunction = () => [
  { title: `${CODE_TEXT.title} | Adres do eksmisji` },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * Back to the password: without a session waiting for its code (none, expired, or complete), or
 * after an answer that ended it (`ended`: the login page says why). A redirect, since this page's
 * loader has no half-made session left to show the code form for.
 */
async function backToPassword(next: string, ended?: keyof typeof SIGN_IN_ENDED_TEXT) {
  const back = withNext(LOGIN_PATH, next);
  return redirect(`${back}${back.includes("?") ? "&" : "?"}${ended ? `ended=${ended}` : "restart"}`, {
    status: 303,
    headers: { ...ADMIN_HEADERS, ...(ended ? { "Set-Cookie": await clearedSessionCookie() } : {}) },
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const next = safeNextPath(new URL(request.url).searchParams.get("next"));
  const sessionId = await sessionIdOf(request);
  const pending = sessionId ? await pendingSignIn(getDb(), sessionId, new Date()) : undefined;
  if (!pending) throw await backToPassword(next);
  return json({ next, firstCode: pending.totp_confirmed_at === null }, { headers: ADMIN_HEADERS });
}

type CodeProblem = { errors: { code?: string; recoveryCode?: string; form?: string }; recovery: boolean };
const NO_ERRORS: CodeProblem["errors"] = {};
const TYPO_MESSAGE: Record<SecondFactorTypo["problem"], CodeProblem["errors"]> = {
  "code-missing": { code: CODE_TEXT.codeRequired },
  "code-format": { code: CODE_TEXT.codeFormat },
  "recovery-missing": { recoveryCode: CODE_TEXT.recoveryRequired },
  "recovery-format": { recoveryCode: CODE_TEXT.recoveryInvalid },
};

/** The answers after which the half-made session is gone: the login page says why. */
const endsTheSignIn = (reason: string): reason is keyof typeof SIGN_IN_ENDED_TEXT => Object.hasOwn(SIGN_IN_ENDED_TEXT, reason);

export async function action({ request }: ActionFunctionArgs) {
  if (!isSameOriginRequest(request)) throw new Response("Forbidden", { status: 403, headers: ADMIN_HEADERS });
  const next = safeNextPath(new URL(request.url).searchParams.get("next"));
  const form = await readFormDataOr413(request);
  const recovery = form.has("recoveryCode");
  const problem = (status: number, errors: CodeProblem["errors"]) =>
    json({ errors, recovery } as CodeProblem, { status, headers: ADMIN_HEADERS });
  const input = readSecondFactor(recovery ? "recoveryCode" : "code", String(form.get(recovery ? "recoveryCode" : "code") ?? ""));
  // A malformed entry is no guess at a code: it is answered without counting against the throttle.
  if ("problem" in input) return problem(400, TYPO_MESSAGE[input.problem]);

  const result = await completeSignIn(getDb(), await sessionIdOf(request), input, clientAddressOfRequest(request), new Date());
  if (result.ok)
    // The session's id changes again now that both factors are in.
    return redirect(next, { status: 303, headers: { ...ADMIN_HEADERS, "Set-Cookie": await sessionCookie(result.sessionId) } });
  if (result.reason === "expired") return backToPassword(next);
  // A lock, five wrong codes, or the account locked: the half-made session is gone, so the login page says why.
  if (endsTheSignIn(result.reason)) return backToPassword(next, result.reason);
  if (result.reason === "key-unavailable") return problem(403, { form: SIGN_IN_TEXT.keyUnavailable });
  return problem(400, recovery ? { recoveryCode: CODE_TEXT.recoveryInvalid } : { code: CODE_TEXT.invalid });
}

export default function AdminCodeStepPage() {
  const { next, firstCode } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const errors = problem?.errors ?? NO_ERRORS;
  const formAction = withNext(CODE_STEP_PATH, next);
  return (
    <AdminShell operator={null} title={CODE_TEXT.title}>
      {errors.form ? (
        <Notice tone="error" testId="code-error">
          {errors.form}
        </Notice>
      ) : null}
      <p className="mt-4 max-w-prose text-slate-800" data-testid="code-lead">
        {firstCode ? CODE_TEXT.firstLead : CODE_TEXT.lead}
      </p>
      <form method="post" action={formAction} className="mt-6 grid max-w-sm gap-4" noValidate>
        <PlainField
          id="admin-code"
          name="code"
          label={CODE_TEXT.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          // Room for the spaces an app shows ("602 772") and a recovery code typed here; the server drops them.
          maxLength={24}
          autoFocus
          error={errors.code}
          required
        />
        <div>
          <button type="submit" className={ADMIN_BUTTON}>
            {CODE_TEXT.submit}
          </button>
        </div>
      </form>
      <details className="mt-8 max-w-sm" open={problem?.recovery ?? false}>
        <summary className="cursor-pointer font-semibold text-blue-900 underline">{CODE_TEXT.recoverySummary}</summary>
        <p className="mt-3 text-slate-700">{CODE_TEXT.recoveryNote}</p>
        <form method="post" action={formAction} className="mt-3 grid gap-4" noValidate>
          <PlainField
            id="admin-recovery-code"
            name="recoveryCode"
            label={CODE_TEXT.recoveryCode}
            autoComplete="off"
            maxLength={40}
            error={errors.recoveryCode}
            required
          />
          <div>
            <button type="submit" className={ADMIN_SECONDARY_BUTTON}>
              {CODE_TEXT.recoverySubmit}
            </button>
          </div>
        </form>
      </details>
    </AdminShell>
  );
}
export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminShell";
