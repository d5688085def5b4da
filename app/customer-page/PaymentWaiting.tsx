import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

export type Waiting = { method: "blik" | "redirect"; refreshing: boolean };

/**
 * The one thing to do while a payment is awaited ("confirm in your banking app"), first on the page
 * so it is what a phone shows after the BLIK code is sent, with or without JavaScript. While it
 * waits, the page looks again by itself: a meta refresh without JavaScript (NoScriptRefresh, from
 * the route's handle), a quiet revalidation with it, for at most two minutes.
 */
export function PaymentWaiting({ waiting, refreshSeconds }: { waiting: Waiting; refreshSeconds: number }) {
  const { t } = useTranslation("payment");
  const revalidator = useRevalidator();
  const { refreshing } = waiting;
  useEffect(() => {
    if (!refreshing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [refreshing, refreshSeconds, revalidator]);

  return (
    <div role="status" className="rounded-xl border-2 border-amber-500 bg-amber-50 p-5 text-slate-900" data-testid="payment-waiting">
      <p className="text-lg font-bold">{t(waiting.method === "blik" ? "online.waitingBlik" : "online.waitingRedirect")}</p>
      <p className="mt-1">{t(refreshing ? "online.waitingText" : "online.stillWaiting")}</p>
      {refreshing ? null : (
        <p className="mt-2">
          <a href="?" className="font-semibold text-blue-900 underline" data-testid="check-again">
            {t("online.checkAgain")}
          </a>
        </p>
      )}
    </div>
  );
}
