import { useTranslation } from "react-i18next";
import { FacebookIcon, InstagramIcon, TikTokIcon } from "~/components/icons";
import type { Company } from "~/config/company";
import { useRequiredRootData } from "~/render/root-data";

export const SOCIAL_NETWORKS = [
  { id: "facebook", labelKey: "social.facebook", Icon: FacebookIcon },
  { id: "instagram", labelKey: "social.instagram", Icon: InstagramIcon },
  { id: "tiktok", labelKey: "social.tiktok", Icon: TikTokIcon },
] as const satisfies ReadonlyArray<{ id: keyof Company["social"]; labelKey: string; Icon: unknown }>;

type SocialLinksProps = {
  className: string;
  linkClassName: string;
  iconClassName?: string;
  onLinkClick?: (network: keyof Company["social"]) => void;
};

/** The three social-network links; they open in a new tab, which their accessible name says. */
export function SocialLinks({ className, linkClassName, iconClassName, onLinkClick }: SocialLinksProps) {
  const { t } = useTranslation();
  const { company } = useRequiredRootData();
  return (
    <ul className={className}>
      {SOCIAL_NETWORKS.map(({ id, labelKey, Icon }) => (
        <li key={id}>
          <a
            href={company.social[id]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${t(labelKey)} ${t("social.newTab")}`}
            title={t(labelKey)}
            className={linkClassName}
            onClick={onLinkClick ? () => onLinkClick(id) : undefined}
          >
            <Icon className={iconClassName} />
          </a>
        </li>
      ))}
    </ul>
  );
}
