import { useMatches } from "@remix-run/react";
import { useRootData, type RootData } from "~/render/root-data";

/**
 * A page whose every behaviour works as plain HTML says so with this route handle; the
 * document then loads no JavaScript at all (docs/decisions/013). The cookie banner is a
 * form POST, the mobile menu and the language switcher are <details>, and the navbar's
 * scroll shadow is cosmetic.
 */
export const NO_HYDRATION = { hydrate: false } as const;

export type HydrationHandle = { hydrate?: boolean } | undefined;

/**
 * The app's scripts load when a matched page route has not opted out (an error page or an
 * unknown route keeps them, unless the root loader did not run), or when the visitor accepted the pixels, which are started
 * from the bundle (TrackingScripts).
 */
export function documentLoadsScripts(pageHandles: HydrationHandle[], pixels: RootData["pixels"]): boolean {
  if (pixels?.meta || pixels?.tiktok) return true;
  return pageHandles.length === 0 || pageHandles.some((handle) => handle?.hydrate !== false);
}

export function useDocumentLoadsScripts(): boolean {
  const pageHandles = useMatches()
    .filter((match) => match.id !== "root")
    .map((match) => match.handle as HydrationHandle);
  const root = useRootData();
  // An error before the root loader ran is drawn from strings only the server holds (app/i18n/error-strings.ts): nothing to hydrate.
  return Boolean(root) && documentLoadsScripts(pageHandles, root?.pixels ?? null);
}
