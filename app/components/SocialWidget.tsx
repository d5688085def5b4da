import { useTranslation } from "react-i18next";
import { SocialLinks } from "~/components/SocialLinks";
import { useRequiredRootData } from "~/root-data";
import { reportSocialClick } from "~/tracking/social-click";

/** The floating social links at the bottom right of every page (spec section 2). */
export function SocialWidget() {
  const { t } = useTranslation();
  const { consent } = useRequiredRootData();
  return (
    <aside aria-label={t("social.label")} className="fixed bottom-3 right-3 z-30 md:bottom-4 md:right-4" data-testid="social-widget">
      <SocialLinks
        className="flex flex-col gap-1.5 md:gap-2"
        linkClassName="flex h-10 w-10 items-center md:h-11 md:w-11 justify-center rounded-full bg-blue-900 text-white shadow-lg ring-2 ring-white transition-transform hover:scale-105 hover:bg-blue-800 focus-visible:scale-105"
        iconClassName="h-5 w-5"
        onLinkClick={() => reportSocialClick(consent === "accepted")}
      />
    </aside>
  );
}
