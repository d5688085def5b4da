import { Icon } from "~/components/icons";
import type { Locale } from "~/i18n/locales";

/**
 * Small drawn flags (symbols of icons.svg), because emoji flags do not render on Windows.
 * English is shown with the United Kingdom's flag, drawn in simplified form.
 */
export function Flag({ locale, className = "h-4 w-6" }: { locale: Locale; className?: string }) {
  return <Icon symbol={`flag-${locale}`} className={`${className} shrink-0 rounded-[2px] ring-1 ring-slate-300`} />;
}
