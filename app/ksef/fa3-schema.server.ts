import { existsSync, readFileSync } from "node:fs";
import { resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { XmlDocument, XsdValidator } from "libxml2-wasm";

/**
 * Validates XML against the official FA(3) schema (app/ksef/schema/, unchanged from the Ministry's
 * publication; its README names the source) with libxml2 compiled to WebAssembly, so neither the
 * site nor CI needs a system package.
 *
 * libxml2 loads on the first validation (an import of it takes a good half second and 18 MB),
 * not with every server start; hence the functions are async. A process that sends invoices to
 * KSeF loads it at start (`loadFa3Schema`, from the KSeF lane), because the first validation otherwise runs inside the
 * transaction that issues the first invoice and would hold the database's write lock that long.
 *
 * The schema imports its base types by their address on crd.gov.pl. Nothing is fetched: the
 * address is answered from the copies kept beside it, so the files stay byte for byte as published.
 */
const FA3_FILE = "schemat_FA(3)_v1-0E.xsd";
const BASE_TYPES_URL = "http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/";
const BASE_TYPE_FILES = ["StrukturyDanych_v10-0E.xsd", "ElementarneTypyDanych_v10-0E.xsd", "KodyKrajow_v10-0E.xsd"];

/**
 * The schema folder. This module runs from app/ksef/ (tests, the stand-in), bundled into
 * build/index.js (the server), whose folder is a sibling of app/, or bundled by scripts/run-ts.js
 * into a folder of .cache/ and run from the project's folder (the scripts).
 */
function schemaFolder(): string {
  const candidates = [
    new URL("./schema/", import.meta.url),
    new URL("../app/ksef/schema/", import.meta.url),
    pathToFileURL(resolve("app/ksef/schema") + sep),
  ];
  const found = candidates.find((url) => existsSync(new URL(FA3_FILE, url)));
  if (!found) throw new Error(`the FA(3) schema is missing (looked in ${candidates.map((url) => fileURLToPath(url)).join(", ")})`);
  return fileURLToPath(found);
}

type Loaded = { libxml: typeof import("libxml2-wasm"); validator: XsdValidator };
let loading: Promise<Loaded> | null = null;
let loaded = false;

function fa3Validator(): Promise<Loaded> {
  loading ??= (async () => {
    const libxml = await import("libxml2-wasm");
    const folder = schemaFolder();
    const read = (file: string) => new Uint8Array(readFileSync(`${folder}${file}`));
    libxml.xmlRegisterInputProvider(
      new libxml.XmlBufferInputProvider(Object.fromEntries(BASE_TYPE_FILES.map((file) => [`${BASE_TYPES_URL}${file}`, read(file)]))),
    );
    const schema = libxml.XmlDocument.fromBuffer(read(FA3_FILE), { url: `file:///fa3/${FA3_FILE}` });
    try {
      const validator = libxml.XsdValidator.fromDoc(schema);
      loaded = true;
      return { libxml, validator };
    } finally {
      schema.dispose();
    }
  })().catch((error: unknown) => {
    // A load that failed is tried again by the next validation rather than failing every one after it.
    loading = null;
    throw error;
  });
  return loading;
}

/** Whether libxml2 and the schema are in memory: a validation then takes milliseconds. */
export function fa3SchemaLoaded(): boolean {
  return loaded;
}

/** Loads libxml2 and the schema now, for a process that is about to issue KSeF invoices; a failed load is tried again by the next call. */
export async function loadFa3Schema(): Promise<void> {
  await fa3Validator();
}

export type Fa3Validation = { valid: true } | { valid: false; errors: string[] };

/** Checks the XML against FA(3): well-formed, and every element where and as the schema says. */
export async function validateFa3Xml(xml: string): Promise<Fa3Validation> {
  const { libxml, validator } = await fa3Validator();
  let document: XmlDocument;
  try {
    document = libxml.XmlDocument.fromString(xml);
  } catch (error) {
    return { valid: false, errors: [error instanceof Error ? error.message : String(error)] };
  }
  try {
    validator.validate(document);
    return { valid: true };
  } catch (error) {
    if (error instanceof libxml.XmlValidateError)
      return { valid: false, errors: error.details.map((detail) => `line ${detail.line}: ${detail.message.trim()}`) };
    throw error;
  } finally {
    document.dispose();
  }
}

export class Fa3SchemaError extends Error {
  readonly errors: string[];
  constructor(errors: string[]) {
    super(`the invoice's XML does not match FA(3): ${errors.join("; ")}`);
    this.name = "Fa3SchemaError";
    this.errors = errors;
  }
}

/** The XML, or a Fa3SchemaError listing what the schema found wrong. */
export async function assertValidFa3(xml: string): Promise<string> {
  const result = await validateFa3Xml(xml);
  if (!result.valid) throw new Fa3SchemaError(result.errors);
  return xml;
}
