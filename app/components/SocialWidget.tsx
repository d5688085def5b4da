import { useTranslation } from "react-i18next";
import { SocialLinks } from "~/components/SocialLinks";
import { useRequiredRootData } from "~/render/root-data";
import { reportSocialClick } from "~/tracking/social-click";

const ROUND_LINK =
  "flex h-11 w-11 items-center justify-center rounded-full bg-blue-900 text-white shadow-lg ring-2 ring-white transition-transform hover:scale-105 hover:bg-blue-800 focus-visible:scale-105";

/**
 * The floating social links at the bottom right. Nothing may float over
 * content, so the widget only shows from 1280 px (Tailwind's xl), where the 72rem content
 * column leaves a free margin wider than the widget; below that it is not rendered
 * visibly at all and the footer's social links, in the page flow, serve instead
 * (docs/decisions/010-nothing-floats-over-content.md).
 */
export function SocialWidget() {
  const { t } = useTranslation();
  const { consent } = useRequiredRootData();

  return (
    <aside aria-label={t("social.label")} className="fixed bottom-4 right-4 z-30 hidden xl:block" data-testid="social-widget">
      <SocialLinks
        className="flex flex-col gap-2"
        linkClassName={ROUND_LINK}
        iconClassName="h-5 w-5"
        onLinkClick={() => reportSocialClick(consent === "accepted")}
      />
    </aside>
  );
}
