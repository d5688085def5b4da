import { useMatches } from "@remix-run/react";
import { useRootData } from "~/root-data";

/**
 * A page whose every behaviour works as plain HTML says so with this route handle; the
 * document then loads no JavaScript at all (docs/decisions/013). The cookie banner is a
 * form POST, the mobile menu and the language switcher are <details>, and the navbar's
 * scroll shadow is cosmetic.
 */
export const NO_HYDRATION = { hydrate: false } as const;

type HydrationHandle = { hydrate?: boolean } | undefined;

/**
 * Whether the document should load the app's scripts: when a matched page route has not
 * opted out (an error page or an unknown route keeps them), or when the visitor accepted
 * the pixels, which are started from the bundle (TrackingScripts).
 */
export function useWantsScripts(): boolean {
  const matches = useMatches();
  const pixels = useRootData()?.pixels ?? null;
  if (pixels?.meta || pixels?.tiktok) return true;
  const pages = matches.filter((match) => match.id !== "root");
  if (pages.length === 0) return true;
  return pages.some((match) => (match.handle as HydrationHandle)?.hydrate !== false);
}
