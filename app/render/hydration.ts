import { useMatches } from "@remix-run/react";
import { useRootData, type RootData } from "~/root-data";

/**
 * A page whose every behaviour works as plain HTML says so with this route handle; the
 * document then loads no JavaScript at all (docs/decisions/013). The cookie banner is a
 * form POST, the mobile menu and the language switcher are <details>, and the navbar's
 * scroll shadow is cosmetic.
 */
export const NO_HYDRATION = { hydrate: false } as const;

/**
 * A plain-HTML page with a few enhanced parts ("islands", app/islands): no Remix runtime,
 * only a small loader that mounts those parts after the page has loaded (docs/decisions/022).
 */
export const ISLANDS = { hydrate: false, islands: true } as const;

export type HydrationHandle = { hydrate?: boolean; islands?: boolean } | undefined;

/** What the document loads: the whole app, only the islands, or no script. */
export type DocumentScripts = "app" | "islands" | "none";

/**
 * The app's scripts load when a matched page route has not opted out (an error page or an
 * unknown route keeps them), or when the visitor accepted the pixels, which are started
 * from the bundle (TrackingScripts). Islands exist only in the server's HTML: in a running
 * app (the browser after a client-side navigation) the same components enhance themselves.
 */
export function documentScriptsFor(pageHandles: HydrationHandle[], pixels: RootData["pixels"], rendering: "server" | "browser"): DocumentScripts {
  if (pixels?.meta || pixels?.tiktok) return "app";
  if (pageHandles.length === 0 || pageHandles.some((handle) => handle?.hydrate !== false)) return "app";
  if (pageHandles.some((handle) => handle?.islands)) return rendering === "server" ? "islands" : "app";
  return "none";
}

export function useDocumentScripts(): DocumentScripts {
  const pageHandles = useMatches()
    .filter((match) => match.id !== "root")
    .map((match) => match.handle as HydrationHandle);
  return documentScriptsFor(pageHandles, useRootData()?.pixels ?? null, typeof document === "undefined" ? "server" : "browser");
}
