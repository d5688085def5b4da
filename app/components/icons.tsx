import sprite from "./icons.svg";

/**
 * Decorative icons; every use sits next to a text label or an aria-label. Their drawings are symbols
 * in icons.svg, one file the browser caches, which each icon draws with <use>: no page's JavaScript
 * carries a path, and hydration builds one element per icon (docs/decisions/095). The frame's icons
 * (header, footer, language menu, toasts) are here, those of single pages in page-icons.tsx.
 */
export type IconProps = { className?: string };

/** One symbol of icons.svg; its colour is the text's (the line icons stroke, the brand ones fill, with currentColor). */
export function Icon({ symbol, className }: { symbol: string; className: string }) {
  return (
    <svg className={className} aria-hidden="true" focusable="false">
      <use href={`${sprite}#${symbol}`} />
    </svg>
  );
}

export const MenuIcon = ({ className = "h-6 w-6" }: IconProps) => <Icon symbol="menu" className={className} />;
export const CloseIcon = ({ className = "h-6 w-6" }: IconProps) => <Icon symbol="close" className={className} />;
export const ChevronDownIcon = ({ className = "h-4 w-4" }: IconProps) => <Icon symbol="chevron-down" className={className} />;
export const CheckIcon = ({ className = "h-4 w-4" }: IconProps) => <Icon symbol="check" className={className} />;
export const AlertIcon = ({ className = "h-5 w-5" }: IconProps) => <Icon symbol="alert" className={className} />;
export const PhoneIcon = ({ className = "h-5 w-5" }: IconProps) => <Icon symbol="phone" className={className} />;
export const MailIcon = ({ className = "h-5 w-5" }: IconProps) => <Icon symbol="mail" className={className} />;
export const PinIcon = ({ className = "h-5 w-5" }: IconProps) => <Icon symbol="pin" className={className} />;
export const ClockIcon = ({ className = "h-5 w-5" }: IconProps) => <Icon symbol="clock" className={className} />;
export const FacebookIcon = ({ className = "h-5 w-5" }: IconProps) => <Icon symbol="facebook" className={className} />;
export const InstagramIcon = ({ className = "h-5 w-5" }: IconProps) => <Icon symbol="instagram" className={className} />;
export const TikTokIcon = ({ className = "h-5 w-5" }: IconProps) => <Icon symbol="tiktok" className={className} />;
/** The brand mark: a house, for the address the declaration names. */
export const LogoMark = ({ className = "h-8 w-8" }: IconProps) => <Icon symbol="logo-mark" className={className} />;
