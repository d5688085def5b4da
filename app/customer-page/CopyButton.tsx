import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/use-hydrated";

/**
 * Copies a transfer detail to the clipboard. Rendered only with JavaScript: without it
 * the value next to it is plain, selectable text.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation("payment");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="ml-3 rounded border border-slate-400 px-2 py-0.5 text-sm font-semibold text-blue-900 hover:bg-blue-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700"
      aria-label={t("copy.label", { what: label })}
      onClick={() => {
        void navigator.clipboard
          .writeText(value)
          .then(() => setCopied(true))
          .catch(() => setCopied(false));
        window.setTimeout(() => setCopied(false), 2000);
      }}
    >
      <span aria-live="polite">{copied ? t("copy.done") : t("copy.button")}</span>
    </button>
  );
}
