/**
 * Decorative line icons; every use sits next to a text label or an aria-label. These are the
 * ones the site's frame (header, footer, language menu, toasts) shows, which every hydrated page
 * loads; the icons of single pages are in page-icons.tsx, so no other page downloads them.
 */
export type IconProps = { className?: string };

export const lineIcon = {
  "aria-hidden": true,
  focusable: false,
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  viewBox: "0 0 24 24",
} as const;

export function MenuIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function CloseIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export function ChevronDownIcon({ className = "h-4 w-4" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

export function CheckIcon({ className = "h-4 w-4" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <path d="M5 12l5 5 9-10" />
    </svg>
  );
}

export function AlertIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5M12 16.5v.01" />
    </svg>
  );
}

export function PhoneIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2z" />
    </svg>
  );
}

export function MailIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </svg>
  );
}

export function PinIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <path d="M12 21s-7-6.2-7-11a7 7 0 0114 0c0 4.8-7 11-7 11z" />
      <circle cx="12" cy="10" r="2.5" />
    </svg>
  );
}

export function ClockIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

export function FacebookIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M13.2 22v-8.2h2.9l.5-3.4h-3.4V8.2c0-1 .4-1.8 1.9-1.8h1.7V3.4c-.5-.1-1.6-.2-2.8-.2-2.6 0-4.4 1.6-4.4 4.5v2.7H6.7v3.4h2.9V22z" />
    </svg>
  );
}

export function InstagramIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
    </svg>
  );
}

export function TikTokIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M14 3h3a4.5 4.5 0 004 4v3a7.4 7.4 0 01-4-1.2V15a6 6 0 11-6-6h.5v3.1H11a3 3 0 103 3z" />
    </svg>
  );
}

/** The brand mark: a house, for the address the declaration names. */
export function LogoMark({ className = "h-8 w-8" }: IconProps) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1e3a8a" />
      <path d="M8 15l8-7 8 7v9h-5v-6h-6v6H8z" fill="#fff" />
    </svg>
  );
}
