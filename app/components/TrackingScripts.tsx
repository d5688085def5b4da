import { useEffect } from "react";
import { useRootData } from "~/render/root-data";
import { loadPixelStart } from "~/tracking/load-pixel-start";

/**
 * Starts the configured pixels once the visitor has accepted, and stops them after a
 * change of mind. They are started from the bundle, not from inline <script> tags:
 * Accept works without a reload, and a script tag rendered after hydration never runs.
 * Without JS there is nothing to start, so nothing is rendered on the server.
 */
export function TrackingScripts() {
  const pixels = useRootData()?.pixels ?? null;
  const meta = pixels?.meta ?? null;
  const tiktok = pixels?.tiktok ?? null;

  useEffect(() => {
    // The start code arrives in its own chunk; pixels that are running have it already, so stopping is immediate.
    if (meta || tiktok) loadPixelStart().then(({ startPixels }) => startPixels({ meta, tiktok }), warnNotLoaded);
    else if (window.fbq || window.ttq) loadPixelStart().then(({ stopPixels }) => stopPixels(), warnNotLoaded);
  }, [meta, tiktok]);

  return null;
}

function warnNotLoaded() {
  console.warn("[tracking] the pixels' code could not be loaded");
}
