import { useTranslation } from "react-i18next";
import { HONEYPOT_FIELD } from "~/forms/honeypot";

/** The form's honeypot (app/forms/honeypot.ts): off screen, out of the accessibility tree and the tab order. */
export function HoneypotField() {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {t("honeypot")}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
