import { useTranslation } from "react-i18next";
import { SocialLinks } from "~/components/SocialLinks";
import { useRequiredRootData } from "~/root-data";
import { reportSocialClick } from "~/tracking/social-click";

/** The floating social links at the bottom right of every page (spec section 2). */
export function SocialWidget() {
  const { t } = useTranslation();
  const { consent } = useRequiredRootData();
  return (
    <aside aria-label={t("social.label")} className="fixed bottom-4 right-4 z-30" data-testid="social-widget">
      <SocialLinks
        className="flex flex-col gap-2"
        linkClassName="flex h-11 w-11 items-center justify-center rounded-full bg-blue-900 text-white shadow-lg ring-2 ring-white transition-transform hover:scale-105 hover:bg-blue-800 focus-visible:scale-105"
        iconClassName="h-5 w-5"
        onLinkClick={() => reportSocialClick(consent === "accepted")}
      />
    </aside>
  );
}
