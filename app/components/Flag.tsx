import type { Locale } from "~/i18n/locales";

/**
 * Small drawn flags, because emoji flags do not render on Windows.
 * English is shown with the United Kingdom's flag, drawn in simplified form.
 */
export function Flag({ locale, className = "h-4 w-6" }: { locale: Locale; className?: string }) {
  return (
    <svg viewBox="0 0 60 40" className={`${className} shrink-0 rounded-[2px] ring-1 ring-slate-300`} aria-hidden="true" focusable="false">
      {locale === "pl" ? (
        <>
          <rect width="60" height="20" fill="#fff" />
          <rect y="20" width="60" height="20" fill="#dc143c" />
        </>
      ) : locale === "uk" ? (
        <>
          <rect width="60" height="20" fill="#0057b7" />
          <rect y="20" width="60" height="20" fill="#ffd700" />
        </>
      ) : locale === "ru" ? (
        <>
          <rect width="60" height="14" fill="#fff" />
          <rect y="13" width="60" height="14" fill="#0039a6" />
          <rect y="26" width="60" height="14" fill="#d52b1e" />
        </>
      ) : (
        <>
          <rect width="60" height="40" fill="#012169" />
          <path d="M0 0L60 40M60 0L0 40" stroke="#fff" strokeWidth="8" />
          <path d="M0 0L60 40M60 0L0 40" stroke="#c8102e" strokeWidth="3" />
          <path d="M30 0V40M0 20H60" stroke="#fff" strokeWidth="12" />
          <path d="M30 0V40M0 20H60" stroke="#c8102e" strokeWidth="7" />
        </>
      )}
    </svg>
  );
}
