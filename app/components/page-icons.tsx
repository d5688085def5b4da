import { lineIcon, type IconProps } from "./icons";

/** The icons of single pages (home, its testimonials, contact); the frame's are in icons.tsx. */
export function StarIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" className={className} aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M10 1.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.8l-5.2 2.7 1-5.8L1.6 7.6l5.8-.8z" />
    </svg>
  );
}

export function ArrowLeftIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <path d="M15 5l-7 7 7 7" />
    </svg>
  );
}

export function ArrowRightIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <path d="M9 5l7 7-7 7" />
    </svg>
  );
}

export function ShieldIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />
      <path d="M8.5 12l2.5 2.5 4.5-5" />
    </svg>
  );
}

export function TimerIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l2.5 2M9 2h6" />
    </svg>
  );
}

export function MapIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <path d="M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2z" />
      <path d="M9 4v14M15 6v14" />
    </svg>
  );
}

export function ReceiptIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </svg>
  );
}

export function BuildingIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...lineIcon} className={className}>
      <path d="M4 21V5l8-3v19M12 21V9l8 3v9M2 21h20" />
      <path d="M7 8h2M7 12h2M7 16h2M15 14h2M15 17h2" />
    </svg>
  );
}
