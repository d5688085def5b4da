import { useTranslation } from "react-i18next";
import { CloseIcon, ShareIcon } from "~/components/icons";
import { SocialLinks } from "~/components/SocialLinks";
import { useDisclosure } from "~/components/use-disclosure";
import { useRequiredRootData } from "~/root-data";
import { reportSocialClick } from "~/tracking/social-click";

const ROUND_LINK = "flex h-11 w-11 items-center justify-center rounded-full bg-blue-900 text-white shadow-lg ring-2 ring-white transition-transform hover:scale-105 hover:bg-blue-800 focus-visible:scale-105";

/**
 * The floating social links at the bottom right of every page (spec section 2). On a
 * phone three stacked buttons would cover the text beside them, so there they fold
 * into one button (a <details>, so it works without JavaScript).
 */
export function SocialWidget() {
  const { t } = useTranslation();
  const { consent } = useRequiredRootData();
  const phoneMenu = useDisclosure<HTMLDetailsElement>();
  const links = <SocialLinks className="flex flex-col gap-2" linkClassName={ROUND_LINK} iconClassName="h-5 w-5" onLinkClick={() => reportSocialClick(consent === "accepted")} />;

  return (
    <aside aria-label={t("social.label")} className="fixed bottom-3 right-3 z-30 md:bottom-4 md:right-4" data-testid="social-widget">
      <div className="hidden md:block">{links}</div>
      <details ref={phoneMenu.ref} className="group flex flex-col-reverse md:hidden">
        <summary className={`${ROUND_LINK} cursor-pointer list-none [&::-webkit-details-marker]:hidden`} aria-label={t("social.label")}>
          <ShareIcon className="h-5 w-5 group-open:hidden" />
          <CloseIcon className="hidden h-5 w-5 group-open:block" />
        </summary>
        <div className="mb-2">{links}</div>
      </details>
    </aside>
  );
}
