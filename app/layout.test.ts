import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";

/** The README's layout section is where a newcomer learns where a feature goes: it names every folder of app/. */
test("the README's layout names every folder of app/, and no folder that is gone", () => {
  const readme = readFileSync("README.md", "utf8");
  const layout = readme.slice(readme.indexOf("## Layout"), readme.indexOf("\n## ", readme.indexOf("## Layout") + 1));
  const named = new Set([...layout.matchAll(/^app\/([\w-]+)\/ /gm)].map((match) => match[1]));
  const folders = readdirSync("app", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  expect([...named].sort()).toEqual(folders.sort());
});
