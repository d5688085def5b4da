import { useTranslation } from "react-i18next";
import { HONEYPOT_FIELD } from "~/forms/honeypot";

/**
 * The form's honeypot (app/forms/honeypot.ts), placed after the submit button. `hidden` keeps it
 * from sight and from the accessibility tree while the browser still sends it with the form. A
 * text browser ignores `hidden` and shows an empty box, so the name sits in aria-label, which no
 * text browser prints: its reader never meets a stray "leave this empty" among the real fields.
 */
export function HoneypotField() {
  const { t } = useTranslation();
  return (
    <div hidden aria-hidden="true">
      <input type="text" name={HONEYPOT_FIELD} aria-label={t("honeypot")} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
