/// <reference types="vite/client" />
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import routeTable from "~/i18n/route-table.json";
import { isShareableHandle } from "./shareable";

// The home page's loader reads its approved reviews: from a database file of this test's own, set
// before any of the app's modules (which read the configuration as they load) are imported.
process.env.DATABASE_PATH = join(mkdtempSync(join(tmpdir(), "shareable-routes-")), "app.db");
const { loader: rootLoader } = await import("~/root");
const { testLoadContext } = await import("../../tests/support/load-context");

/**
 * A route that declares SHAREABLE_PAGE may be answered from the page cache to every visitor
 * whose request has the same path and consent cookie (docs/decisions/025). So its loaders,
 * and the root loader that runs with them, may read nothing else from the request.
 */
type RouteModule = { handle?: unknown; loader?: (args: LoaderFunctionArgs) => Promise<Response> | Response };
const routeModules = import.meta.glob<RouteModule>("../routes/*.tsx");

const ALLOWED_READS = new Set(["url", "headers.get(cookie)"]);

/** A request whose every read is recorded; headers besides Cookie carry what differs between visitors. */
function recordingRequest(path: string, visitor: Record<string, string>, reads: string[]): Request {
  const real = new Request(`https://adres.example${path}`, { headers: { Cookie: "consent=rejected", ...visitor } });
  const headers = new Proxy(real.headers, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        reads.push(`headers.${String(property)}(${String(args[0]).toLowerCase()})`);
        return (value as (...parameters: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return new Proxy(real, {
    get(target, property) {
      if (property === "headers") return headers;
      reads.push(String(property));
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...parameters: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function loaderOutputs(module: RouteModule, path: string, visitor: Record<string, string>, reads: string[]) {
  const outputs: string[] = [];
  for (const loader of [rootLoader, module.loader]) {
    if (!loader) continue;
    const response = await loader({ request: recordingRequest(path, visitor, reads), params: {}, context: testLoadContext() });
    outputs.push(await response.text());
  }
  return outputs;
}

const shareablePages: Array<{ pageId: string; path: string; module: RouteModule }> = [];
for (const [pageId, page] of Object.entries(routeTable)) {
  // The module remix.config.js registers for the page.
  const file = "file" in page ? page.file : `routes/${pageId}.tsx`;
  const module = await routeModules[`../${file}`]!();
  if (isShareableHandle(module.handle)) for (const path of Object.values(page.paths)) shareablePages.push({ pageId, path, module });
}

describe("routes that declare themselves shareable", () => {
  it("are the public pages alike for everyone, and not the order or payment pages", () => {
    expect(new Set(shareablePages.map((page) => page.pageId))).toEqual(
      new Set(["home", "tenant", "landlord", "terms", "privacy", "blog", "contact"]),
    );
  });

  it.each(shareablePages.map((page) => [page.path, page] as const))(
    "%s reads nothing but the path and the consent cookie",
    async (_path, { path, module }) => {
      const reads: string[] = [];
      const first = await loaderOutputs(
        module,
        path,
        { "Accept-Language": "de", "User-Agent": "one", "X-Adres-Client-Address": "192.0.2.1" },
        reads,
      );
      const second = await loaderOutputs(
        module,
        path,
        { "Accept-Language": "uk", "User-Agent": "two", "X-Adres-Client-Address": "192.0.2.2" },
        reads,
      );
      expect(reads).toContain("headers.get(cookie)");
      expect(reads.filter((read) => !ALLOWED_READS.has(read))).toEqual([]);
      expect(second).toEqual(first);
    },
  );
});
