import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/forms";

export type OnlinePaymentProps = {
  /** The last attempt failed and nothing is in progress. */
  lastFailed: boolean;
  /** What the last POST was refused for, with the code as typed. */
  refusal: { error: string; blikCode: string } | null;
  /** Inside a panel that has its own h2 (a replacement's payment): the headings go one level down. */
  nested?: boolean;
};

const SECTION_HEADING = "text-xl font-bold text-slate-900";
/** The section's id: a refused code is answered here, not at the top of the page (a phone screen and more above it). */
const SECTION_ID = "online-payment";

/**
 * BLIK and pay-by-link through Przelewy24 (docs/decisions/028), both plain form POSTs. While a BLIK
 * code may still be confirmed in the bank's app, the page leaves this out (PaymentWaiting says what
 * to do): two clicks must never charge twice.
 */
export function OnlinePayment({ lastFailed, refusal, nested = false }: OnlinePaymentProps) {
  const { t } = useTranslation("payment");
  const [Heading, MethodHeading] = nested ? (["h3", "h4"] as const) : (["h2", "h3"] as const);
  // Without JavaScript the answer to a refused code is a new page: the fragment brings it back to the
  // form, where the message and the code are, while the code still lives (two minutes).
  const answeredHere = `${useLocation().pathname}#${SECTION_ID}`;
  return (
    <section
      id={SECTION_ID}
      aria-labelledby="online-heading"
      className="rounded-xl border-2 border-blue-800 p-6"
      data-testid="online-payment"
    >
      <Heading id="online-heading" className={SECTION_HEADING}>
        {t("online.heading")}
      </Heading>
      {lastFailed && !refusal ? (
        <p role="alert" className="mt-4 font-semibold text-red-800" data-testid="payment-failed">
          {t("online.failed")}
        </p>
      ) : null}
      <div className="mt-4 grid gap-4">
        <Form method="post" action={answeredHere} className="rounded-lg border border-slate-200 p-4" noValidate>
          <input type="hidden" name="intent" value="blik" />
          <MethodHeading className="text-lg font-bold text-slate-900">{t("online.blik.heading")}</MethodHeading>
          <label htmlFor="blik-code" className="mt-2 block font-semibold text-slate-800">
            {t("online.blik.label")}
          </label>
          <p id="blik-code-hint" className="text-sm text-slate-600">
            {t("online.blik.hint")}
          </p>
          <FieldError id="blik-code-error" message={refusal?.error} />
          <input
            id="blik-code"
            name="blikCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            defaultValue={refusal?.blikCode ?? ""}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? "blik-code-hint blik-code-error" : "blik-code-hint"}
            className="mt-1 w-40 rounded-md border border-slate-400 px-3 py-2 font-mono text-xl tracking-widest text-slate-900"
          />
          <p className="mt-3">
            <button type="submit" className="btn-primary">
              {t("online.blik.submit")}
            </button>
          </p>
        </Form>
        <form method="post" className="rounded-lg border border-slate-200 p-4">
          <input type="hidden" name="intent" value="redirect" />
          <MethodHeading className="text-lg font-bold text-slate-900">{t("online.redirect.heading")}</MethodHeading>
          <p className="mt-2 text-slate-700">{t("online.redirect.text")}</p>
          <p className="mt-3">
            <button type="submit" className="btn-secondary">
              {t("online.redirect.submit")}
            </button>
          </p>
        </form>
      </div>
    </section>
  );
}
