import { Icon, type IconProps } from "./icons";

/** The icons of single pages (home, its testimonials, contact); the frame's are in icons.tsx. */
export const StarIcon = ({ className = "h-5 w-5" }: IconProps) => <Icon symbol="star" className={className} />;
export const ArrowLeftIcon = ({ className = "h-5 w-5" }: IconProps) => <Icon symbol="arrow-left" className={className} />;
export const ArrowRightIcon = ({ className = "h-5 w-5" }: IconProps) => <Icon symbol="arrow-right" className={className} />;
export const ShieldIcon = ({ className = "h-6 w-6" }: IconProps) => <Icon symbol="shield" className={className} />;
export const TimerIcon = ({ className = "h-6 w-6" }: IconProps) => <Icon symbol="timer" className={className} />;
export const MapIcon = ({ className = "h-6 w-6" }: IconProps) => <Icon symbol="map" className={className} />;
export const ReceiptIcon = ({ className = "h-6 w-6" }: IconProps) => <Icon symbol="receipt" className={className} />;
export const BuildingIcon = ({ className = "h-6 w-6" }: IconProps) => <Icon symbol="building" className={className} />;
