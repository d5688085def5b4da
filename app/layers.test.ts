import { readdirSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";
import { FOLDER_ORDER, LAYERS, ROOT_FILES } from "../eslint-layers.js";

/**
 * The project's own ESLint configuration, reduced to the layer rule: the other rules need type
 * information, which a planted file that exists only in memory cannot give.
 */
const eslint = new ESLint({
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === "import-x/no-restricted-paths",
});

/** A module that really exists in a folder, so the import resolves the way a real one would. */
function someModuleOf(folder: string): string {
  const file = readdirSync(`app/${folder}`).find((name) => /^[^.]+(\.server)?\.tsx?$/.test(name) && !name.endsWith(".d.ts"));
  if (!file) throw new Error(`app/${folder} has no module to import`);
  return `~/${folder}/${file.replace(/\.tsx?$/, "")}`;
}

async function layerMessages(folder: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import "${specifier}";\n`, { filePath: `app/${folder}/planted-import.ts` });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

test("every folder of app/ has its place in the layers, and no place names a folder that is gone", () => {
  const folders = readdirSync("app", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  expect([...FOLDER_ORDER].sort()).toEqual(folders.sort());
  expect(new Set(FOLDER_ORDER).size).toBe(FOLDER_ORDER.length);
  expect(LAYERS.every(({ folders }) => folders.length > 0)).toBe(true);
});

describe("each folder's zone refuses an import of the folder after it, and of the root files", () => {
  const pairs = FOLDER_ORDER.slice(0, -1).map((folder, index) => [folder, FOLDER_ORDER[index + 1]!] as const);
  test.each(pairs)("app/%s importing app/%s", async (folder, later) => {
    const messages = await layerMessages(folder, someModuleOf(later));
    expect(messages).toEqual([expect.stringMatching(new RegExp(`^import-x/no-restricted-paths: .*app/${folder} \\(`))]);
  });

  test.each(FOLDER_ORDER)("app/%s importing root.tsx", async (folder) => {
    const messages = await layerMessages(folder, "~/root");
    expect(messages).toEqual([expect.stringContaining("import-x/no-restricted-paths")]);
  });
});

describe("and lets it import the folder before it", () => {
  const pairs = FOLDER_ORDER.slice(1).map((folder, index) => [folder, FOLDER_ORDER[index]!] as const);
  test.each(pairs)("app/%s importing app/%s", async (folder, earlier) => {
    expect(await layerMessages(folder, someModuleOf(earlier))).toEqual([]);
  });
});

test("a test file may reach across layers (a route's test imports its route)", async () => {
  const [result] = await eslint.lintText(`import "${someModuleOf("routes")}";\n`, { filePath: "app/config/planted.test.ts" });
  expect(result!.messages).toEqual([]);
});

test("the root files are all there", () => {
  const files = readdirSync("app").filter((name) => ROOT_FILES.includes(name));
  expect(files.sort()).toEqual([...ROOT_FILES].sort());
});
