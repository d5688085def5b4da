import { describe, expect, it } from "vitest";
import { deferAppScripts, deferAppScriptsIn } from "./defer-app-scripts.server";

/** The shape @remix-run/react 2.17.5's <Scripts> renders (taken from the order page, trimmed). */
const NONCE = "t/JYRav/8lPV7Gg3YDLDjQ==";
const MODULE_BODY = `;
import * as route0 from "/build/root-3IPGFRFL.js";
import * as route1 from "/build/order.pl-PJ7DPSBD.js";
window.__remixManifest = {
  "entry": { "module": "/build/entry.client-SDR2Q6H7.js", "imports": [] },
  "url": "/build/manifest-0BBDF2BA.js"
};
window.__remixRouteModules = {"root":route0,"order.pl":route1};

import("/build/entry.client-SDR2Q6H7.js");`;
const DOCUMENT = `<!DOCTYPE html><html lang="pl"><head><script type="application/ld+json">{"@context":"https://schema.org"}</script></head><body><main>Zamówienie</main><link rel="modulepreload" href="/build/entry.client-SDR2Q6H7.js"/><link rel="modulepreload" href="/build/_shared/chunk-76GPNO6I.js"/><script nonce="${NONCE}">window.__remixContext = {"state":{}};</script><script nonce="${NONCE}" type="module" async="">${MODULE_BODY}</script></body></html>`;

/** Runs the rewritten module script with import() and the frame callbacks stubbed, and returns what it set up. */
async function runModuleScript(html: string) {
  const body = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
  const imported: string[] = [];
  const window: Record<string, unknown> = {};
  const frames: Array<() => unknown> = [];
  const code = body.replace(/\bimport\(/g, "load(");
  const run = new Function("window", "load", "requestAnimationFrame", "setTimeout", code);
  run(
    window,
    async (specifier: string) => (imported.push(specifier), { specifier }),
    (callback: () => void) => frames.push(callback),
    (callback: () => unknown) => frames.push(callback),
  );
  const importedBeforeFirstFrame = [...imported];
  while (frames.length > 0) await frames.shift()!();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { importedBeforeFirstFrame, imported, window };
}

describe("deferAppScripts", () => {
  it("turns the preloads into idle-time prefetches and keeps every other byte of the document", () => {
    const html = deferAppScripts(DOCUMENT);
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('<link rel="prefetch" href="/build/entry.client-SDR2Q6H7.js"/><link rel="prefetch" href="/build/_shared/chunk-76GPNO6I.js"/>');
    expect(html).not.toMatch(/^\s*import \* as/m);
    expect(html.replace(/<script[^>]*type="module"[^>]*>[\s\S]*?<\/script>/, "").replaceAll("prefetch", "modulepreload")).toBe(
      DOCUMENT.replace(/<script[^>]*type="module"[^>]*>[\s\S]*?<\/script>/, ""),
    );
    expect(html).toContain(`<script nonce="${NONCE}" type="module" async="">`);
  });

  it("imports nothing before the first frame, then the route modules, the manifest and the entry, as Remix's script did", async () => {
    const { importedBeforeFirstFrame, imported, window } = await runModuleScript(deferAppScripts(DOCUMENT));
    expect(importedBeforeFirstFrame).toEqual([]);
    expect(imported).toEqual(["/build/root-3IPGFRFL.js", "/build/order.pl-PJ7DPSBD.js", "/build/entry.client-SDR2Q6H7.js"]);
    expect(window.__remixRouteModules).toEqual({ root: { specifier: "/build/root-3IPGFRFL.js" }, "order.pl": { specifier: "/build/order.pl-PJ7DPSBD.js" } });
    expect((window.__remixManifest as { url: string }).url).toBe("/build/manifest-0BBDF2BA.js");
  });

  it("keeps a bare import (Remix's manifest import without lazy route discovery) ahead of the routes", async () => {
    const withManifestImport = DOCUMENT.replace(";\nimport * as route0", 'import "/build/manifest-0BBDF2BA.js";\nimport * as route0');
    const { imported, window } = await runModuleScript(deferAppScripts(withManifestImport));
    expect(imported[0]).toBe("/build/manifest-0BBDF2BA.js");
    expect(window.__remixRouteModules).toEqual({ root: { specifier: "/build/root-3IPGFRFL.js" }, "order.pl": { specifier: "/build/order.pl-PJ7DPSBD.js" } });
  });

  it("leaves a document without Remix's module script as it is (pages without JavaScript, islands)", () => {
    const plain = '<!DOCTYPE html><html><body><link rel="modulepreload" href="/x.js"/><script type="module" nonce="n">import("/islands/islands-1.js")</script></body></html>';
    expect(deferAppScripts(plain)).toBe(plain);
  });

  it("rewrites a rendered document's bytes, and hands back a document without Remix's script untouched", () => {
    expect(deferAppScriptsIn(Buffer.from(DOCUMENT, "utf8")).toString("utf8")).toBe(deferAppScripts(DOCUMENT));
    const plain = Buffer.from("<!DOCTYPE html><html><body>Regulamin</body></html>", "utf8");
    expect(deferAppScriptsIn(plain)).toBe(plain);
  });
});
