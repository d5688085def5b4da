import { useEffect } from "react";
import { useRootData } from "~/root-data";
import { startPixels, stopPixels } from "~/tracking/pixels";

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
    if (meta || tiktok) startPixels({ meta, tiktok });
    else if (window.fbq || window.ttq) stopPixels();
  }, [meta, tiktok]);

  return null;
}
