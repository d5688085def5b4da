import { readdirSync, readFileSync } from "node:fs";
import { afterEach, expect, it, vi } from "vitest";

/**
 * Not the site's settings: set by the tools that start the process (npm, Remix, vitest), or read by a
 * library for itself while the configuration modules load.
 */
const NOT_SETTINGS = new Set(["NODE_ENV", "VITEST", "INIT_CWD", "REMIX_DEV_ORIGIN", "WATCH_REPORT_DEPENDENCIES"]);

const original = process.env;

afterEach(() => {
  process.env = original;
});

/** Every variable the configuration modules read at boot, caught as they read the environment. */
async function variablesReadAtBoot(): Promise<Set<string>> {
  const read = new Set<string>();
  process.env = new Proxy(
    { ...original },
    {
      get(target, name) {
        if (typeof name === "string") read.add(name);
        return Reflect.get(target, name);
      },
    },
  );
  vi.resetModules();
  await import("./env.server");
  return read;
}

/** Every `process.env.NAME` written in the app's code and the server layer. */
function variablesReadInCode(): Set<string> {
  const files = [
    "server.ts",
    ...readdirSync("app", { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => `app/${file}`),
  ];
  return new Set(
    files.flatMap((file) => [...readFileSync(file, "utf8").matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!)),
  );
}

/** The variables .env.example names, set or commented out (`# NAME=`). */
function variablesInExample(): Set<string> {
  return new Set([...readFileSync(".env.example", "utf8").matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!));
}

it(".env.example names every variable the site reads", async () => {
  const read = new Set([...(await variablesReadAtBoot()), ...variablesReadInCode()]);
  const settings = [...read].filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name) && !NOT_SETTINGS.has(name));
  const example = variablesInExample();
  expect(settings).toContain("SITE_URL");
  expect(settings.filter((name) => !example.has(name)).sort()).toEqual([]);
});
