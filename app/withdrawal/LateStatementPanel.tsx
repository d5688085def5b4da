import { useTranslation } from "react-i18next";
import { CustomerPagePanel } from "~/components/CustomerPagePanel";
import type { LateStatementView } from "./late-statement.server";

/** One neutral line on the customer's order page about a statement sent after the withdrawal period: the order stays as it was. */
export function LateStatementPanel({ late }: { late: LateStatementView | null }) {
  const { t } = useTranslation("payment");
  if (!late) return null;
  return (
    <CustomerPagePanel id="late-statement" heading={t("withdrawalLate.heading")}>
      <p className="mt-3 text-slate-800">{t("withdrawalLate.text", late)}</p>
    </CustomerPagePanel>
  );
}
