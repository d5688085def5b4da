import { existsSync, statSync } from "node:fs";
import { z } from "zod";
import { PLACEHOLDER_COMPANY, type Company, type SubstituteFlat } from "./company";
import { TRACKING_NUMBER_PLACEHOLDER } from "./courier";

/**
 * Configuration is read from the environment once, at boot, and the process stops
 * with a readable message when a value is wrong. Every variable has a default that
 * makes a fresh clone run (see .env.example and README.md).
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** A phone number in international form ("+48 600 100 200", "0048600100200"): kept as its digits with the country code. */
const internationalNumber = z
  .string()
  .transform((number) => number.replace(/[\s().-]/g, "").replace(/^00/, "+"))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, 'must be a number in international form, "+48 600 100 200"'))
  .transform((number) => number.slice(1));

/** A price in złoty as a person writes it ("0", "49", "49,00 zł"), kept in grosze; unset or empty is 0. */
const zlotyPrice = z
  .string()
  .trim()
  .default("0")
  .transform((text, context) => {
    const grosze = parseZlotyAmount(text === "" ? "0" : text);
    if (grosze === undefined) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: `"${text}" is not an amount in złoty; write e.g. 0, 49 or 49.00` });
      return z.NEVER;
    }
    return grosze;
  });

const SMALLEST_SHARE_CAPITAL_GROSZE = 500_000;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    SITE_URL: z
      .string()
      .url()
      .default("http://localhost:3000")
      .transform((url) => url.replace(/\/+$/, "")),
    /** Where the e-mails go: an SMTP server, or without SMTP_URL .eml files in MAIL_DIR, so a fresh clone needs no mail server. */
    SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\//.test(value), "must start with smtp:// or smtps://"),
    MAIL_FROM: z.string().trim().min(3).default("Adres do eksmisji <zamowienia@example.com>"),
    OPERATOR_EMAIL: z.string().trim().email().default("operator@example.com"),
    MAIL_DIR: z.string().trim().min(1).default("./data/mail"),
    DATABASE_PATH: z.string().min(1).default("./data/app.db"),
    /** postgres://… moves all data to PostgreSQL (several instances); unset: SQLite at DATABASE_PATH. */
    DATABASE_URL: z
      .string()
      .trim()
      .transform((value) => (value === "" ? undefined : value))
      .pipe(
        z
          .string()
          .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
          .optional(),
      )
      .optional(),
    /**
     * A folder the bank delivers statement files to (SFTP, a mounted share): housekeeping reads each
     * file there every 10 minutes, as an upload of "Wyciąg z banku" would, and moves it into
     * `wczytane/` or `odrzucone/`. Unset: statements are only uploaded by hand.
     */
    BANK_STATEMENT_DIR: optionalText.refine(
      (dir) => dir === undefined || (existsSync(dir) && statSync(dir).isDirectory()),
      "must be an existing folder (the bank's statement files are read from it)",
    ),
    /** Where `npm run backup` writes (created when missing); a relative path starts in the folder the command runs in. */
    BACKUP_DIR: z.string().trim().min(1).default("./data/backups"),
    /** How many backups `npm run backup` keeps in BACKUP_DIR; it deletes older ones of its own after each success. */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
    /** The folder holding pg_dump, pg_restore and psql; unset: the newest /usr/lib/postgresql/<version>/bin, else PATH. */
    POSTGRES_BIN: optionalText,
    /**
     * Signs the one-time order token of the preview step (docs/decisions/003). Without it a
     * random secret is made per process: safe, but a restart voids previews in progress,
     * and several app instances would not accept each other's tokens.
     */
    ORDER_TOKEN_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /**
     * The key the operators' authenticator secrets are encrypted under and their recovery codes
     * are hashed with (docs/decisions/044): 32 or more random characters (`openssl rand -base64 32`),
     * the same for the site and for `npm run operator`. Every operator signs in with a second
     * factor, always: without this key nobody can sign in to /admin and the command line enrols
     * nobody, while the public site works as before. Changing it voids every enrolment (reset-2fa).
     */
    OPERATOR_SECRET_KEY: optionalText.pipe(z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)").optional()),
    /**
     * How many reverse proxies stand in front of the site (docs/decisions/019). With 0, the
     * client's address is the connection's; with n, the n-th address from the right of
     * X-Forwarded-For. A header nobody trusted can then never change a rate-limit key.
     */
    TRUST_PROXY: z.coerce.number().int().min(0).max(5).default(0),
    /** "1" turns the rate limits off (benchmarks). */
    RATE_LIMIT_DISABLED: z
      .enum(["0", "1", ""])
      .default("0")
      .transform((value) => value === "1"),
    /**
     * "0" starts the process without running its order path on itself first (docs/decisions/035):
     * it answers sooner and its first orders slower. For the test suites' many short-lived sites.
     */
    WARM_UP: z
      .enum(["0", "1", ""])
      .default("1")
      .transform((value) => value !== "0"),
    /** Client addresses the rate limits never count, comma-separated (the browser suite's own, say). */
    RATE_LIMIT_EXEMPT: z
      .string()
      .default("")
      .transform((list) =>
        list
          .split(",")
          .map((address) => address.trim())
          .filter(Boolean),
      ),
    /** Origins besides SITE_URL's whose pages may POST to the site, comma-separated (https://www.example.pl, say). */
    EXTRA_ORIGINS: z
      .string()
      .default("")
      .transform((list) =>
        list
          .split(",")
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .url()
            .transform((url) => new URL(url).origin),
        ),
      ),
    /**
     * The messengers the customer pages link to (docs/decisions/086); each link shows only when its setting is set.
     * Telegram: the public username (5–32 letters, digits or underscores, without "@"); Viber and WhatsApp: the
     * number in international form ("+48 600 100 200"); Messenger: the Facebook page's username or numeric id.
     */
    TELEGRAM_USERNAME: optionalText.pipe(
      z
        .string()
        .transform((name) => name.replace(/^@/, "").replace(/^https:\/\/t\.me\//, ""))
        .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,30}[A-Za-z0-9]$/, "must be a Telegram username (5–32 letters, digits, _)"))
        .optional(),
    ),
    VIBER_NUMBER: optionalText.pipe(internationalNumber.optional()),
    WHATSAPP_NUMBER: optionalText.pipe(internationalNumber.optional()),
    MESSENGER_PAGE: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9.]{5,50}$/, "must be the Facebook page's username or id (letters, digits, dots; as in m.me/<page>)")
        .optional(),
    ),
    /** Seconds a page every visitor sees alike is answered from memory (docs/decisions/023); 0 turns the page cache off. */
    /** The least severe log lines written (docs/decisions/045): info writes one line per request. */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Names this process in every log line; unset: its host name and process id ("web-1/4242"). */
    INSTANCE: optionalText,
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** Seconds before an e-mail or a KSeF submission that failed is tried again; each later wait doubles, up to 15 minutes. */
    OUTBOX_FIRST_RETRY_SECONDS: z.coerce.number().int().min(1).max(900).default(30),
    /** Days an order may stay unpaid: a reminder goes out 2 days before, and then it is cancelled. */
    PAYMENT_DEADLINE_DAYS: z.coerce.number().int().min(3).max(60).default(7),
    /**
     * The extra for an order placed before the flat is found (docs/decisions/091), in złoty as a person writes it ("0",
     * "49", "49,00 zł"): added to the order's total when chosen, and shown on the form and the pricing cards when not 0.
     */
    PRICE_ADDRESS_LATER: zlotyPrice,
    /** What a replacement declaration costs the customer (docs/decisions/092), written the same way; 0: issued at once, free of charge. */
    PRICE_REPLACEMENT: zlotyPrice,
    /** Business days from dispatch to the door by courier, and to the parcel locker: the delivery promise adds the order's one. */
    COURIER_TRANSIT_DAYS: z.coerce.number().int().min(0).max(10).default(1),
    LOCKER_TRANSIT_DAYS: z.coerce.number().int().min(0).max(10).default(1),
    /**
     * Calendar years after the one in which an order was dispatched or cancelled before housekeeping anonymises it:
     * claims under the agreement become time-barred after 6 years, at the end of a calendar year (art. 118 of the
     * civil code). The privacy policy and the terms (§ 8) state the 6.
     */
    RETENTION_YEARS: z.coerce.number().int().min(1).max(20).default(6),
    COMPANY_LEGAL_NAME: optionalText,
    COMPANY_TAX_ID: optionalText,
    COMPANY_KRS: z
      .string()
      .trim()
      .regex(/^\d{10}$/, "must be the 10-digit KRS number")
      .optional(),
    /** In złoty, as registered: "5000", "5 000,00" or "5000.00 zł". */
    COMPANY_SHARE_CAPITAL: optionalText.transform((text, context) => {
      if (text === undefined) return undefined;
      const grosze = parseZlotyAmount(text);
      if (grosze === undefined) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: `"${text}" is not an amount in złoty; write e.g. 5000 or 5000.00` });
        return z.NEVER;
      }
      // A sp. z o.o.'s capital is at least 5 000 zł (art. 154 KSH): a smaller number is a typo.
      if (grosze < SMALLEST_SHARE_CAPITAL_GROSZE) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "must be at least 5000 zł, the least a sp. z o.o. may have" });
        return z.NEVER;
      }
      return grosze;
    }),
    COMPANY_REGISTRY_COURT: optionalText,
    COMPANY_STREET: optionalText,
    COMPANY_POSTAL_CODE: optionalText,
    COMPANY_PHONE: optionalText,
    COMPANY_EMAIL: z.string().email().optional(),
    COMPANY_BANK_NAME: optionalText,
    COMPANY_BANK_ACCOUNT: optionalText,
    // The flat named as the tenant's substitute address in the owner's declaration (docs/decisions/032).
    SUBSTITUTE_FLAT_OWNER: optionalText,
    SUBSTITUTE_FLAT_ADDRESS: optionalText,
    /** The town the tenant page names for the substitute flat; read off SUBSTITUTE_FLAT_ADDRESS ("…, 70-100 Szczecin") when unset. */
    SUBSTITUTE_FLAT_CITY: optionalText,
    COMPANY_BANK_BIC: optionalText.pipe(
      z
        .string()
        .toUpperCase()
        .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "must be a BIC/SWIFT code of 8 or 11 characters, e.g. BPKOPLPW")
        .optional(),
    ),
    /**
     * The seller's VAT status on invoices (docs/decisions/049): "23" charges 23 % inside the gross price; "zw" is
     * exempt, and the invoice prints COMPANY_VAT_EXEMPTION_BASIS. Which one applies is the accountant's call.
     */
    COMPANY_VAT: z.enum(["23", "zw"]).default("23"),
    COMPANY_VAT_EXEMPTION_BASIS: optionalText,
    SOCIAL_FACEBOOK_URL: z.string().url().optional(),
    SOCIAL_INSTAGRAM_URL: z.string().url().optional(),
    SOCIAL_TIKTOK_URL: z.string().url().optional(),
    // Marketing channels (docs/decisions/005-consent-and-tracking.md): each one is off while unset.
    META_PIXEL_ID: optionalText,
    META_CAPI_TOKEN: optionalText,
    META_CAPI_URL: z
      .string()
      .url()
      .default("https://graph.facebook.com")
      .transform((url) => url.replace(/\/+$/, "")),
    TIKTOK_PIXEL_ID: optionalText,
    // Online payment through Przelewy24 (docs/decisions/028): off while P24_MERCHANT_ID is unset.
    P24_MERCHANT_ID: z.coerce
      .number()
      .int()
      .positive()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    P24_POS_ID: z.coerce
      .number()
      .int()
      .positive()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    P24_API_KEY: optionalText,
    P24_CRC: optionalText,
    P24_API_URL: z
      .string()
      .url()
      .default("https://sandbox.przelewy24.pl")
      .transform((url) => url.replace(/\/+$/, "")),
    // Shipping through InPost (docs/decisions/048). The parcel-locker choice on the order form is
    // offered while INPOST_POINTS_URL is set; "Nadaj przesyłkę" in the back office while
    // INPOST_API_TOKEN and INPOST_ORGANIZATION_ID are. Unset: courier only, tracking typed by hand.
    /** ShipX: https://api-shipx-pl.easypack24.net in production. */
    INPOST_API_URL: z
      .string()
      .url()
      .default("https://sandbox-api-shipx-pl.easypack24.net")
      .transform((url) => url.replace(/\/+$/, "")),
    /** The organisation's API token (Manager Paczek: Moje konto > API). */
    INPOST_API_TOKEN: optionalText,
    INPOST_ORGANIZATION_ID: optionalText.pipe(z.string().regex(/^\d+$/, "must be the organisation's number").optional()),
    /** The Points API, without /v1 (https://api-pl-points.easypack24.net). */
    INPOST_POINTS_URL: optionalText.pipe(
      z
        .string()
        .url()
        .transform((url) => url.replace(/\/+$/, ""))
        .optional(),
    ),
    /** Networks whose webhook calls are read, comma-separated addresses or CIDR blocks (91.216.25.0/24); empty: any. */
    INPOST_WEBHOOK_ALLOW: z
      .string()
      .default("")
      .transform((list) =>
        list
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
    // KSeF, the national e-invoicing system (docs/decisions/050 and 056): invoices to NIP buyers go to it
    // by themselves once KSEF_NIP and a way to sign in are set (a type 1 KSeF certificate in
    // KSEF_CERT_FILE and KSEF_KEY_FILE; until 31 December 2026 also a KSEF_TOKEN); without them they
    // are kept for sending by hand.
    KSEF_API_URL: z
      .string()
      .url()
      .default("https://api-test.ksef.mf.gov.pl/v2")
      .transform((url) => url.replace(/\/+$/, "")),
    KSEF_TOKEN: optionalText,
    KSEF_NIP: optionalText.pipe(
      z
        .string()
        .regex(/^\d{10}$/, "must be the seller's NIP, 10 digits")
        .optional(),
    ),
    /** The type 1 KSeF certificate (or a company seal) and its private key, PEM files; the key's password when it is encrypted. */
    KSEF_CERT_FILE: optionalText,
    KSEF_KEY_FILE: optionalText,
    KSEF_KEY_PASSWORD: optionalText,
    /** How KSeF identifies the certificate: by the NIP (or PESEL) in its subject, or by its SHA-256 fingerprint. */
    KSEF_SUBJECT: optionalText.pipe(z.enum(["certificateSubject", "certificateFingerprint"]).default("certificateSubject")),
    /** The type 2 KSeF certificate ("Offline"), which signs KOD II of an invoice issued while KSeF does not answer. */
    KSEF_OFFLINE_CERT_FILE: optionalText,
    KSEF_OFFLINE_KEY_FILE: optionalText,
    KSEF_OFFLINE_KEY_PASSWORD: optionalText,
    KSEF_FOR_CONSUMERS: z
      .enum(["0", "1", ""])
      .default("0")
      .transform((value) => value === "1"),
    /** The courier's tracking page, `{number}` where the tracking number goes; unset, tracking numbers are shown as text. */
    COURIER_TRACKING_URL: optionalText.pipe(
      z
        .string()
        .url()
        .regex(/^https?:\/\//, "must be an http(s) address")
        .refine(
          (url) => url.includes(TRACKING_NUMBER_PLACEHOLDER),
          `must contain ${TRACKING_NUMBER_PLACEHOLDER} where the tracking number goes`,
        )
        .optional(),
    ),
  })
  .refine((config) => !config.P24_MERCHANT_ID || (config.P24_API_KEY && config.P24_CRC), {
    path: ["P24_MERCHANT_ID"],
    message: "needs P24_API_KEY and P24_CRC as well (Przelewy24's panel: Moje dane > Dane API i konfiguracja)",
  })
  .refine((config) => !config.INPOST_API_TOKEN === !config.INPOST_ORGANIZATION_ID, {
    path: ["INPOST_API_TOKEN"],
    message: "INPOST_API_TOKEN and INPOST_ORGANIZATION_ID go together (Manager Paczek: Moje konto > API)",
  })
  .refine((config) => !config.SUBSTITUTE_FLAT_ADDRESS || config.SUBSTITUTE_FLAT_CITY || cityOfAddress(config.SUBSTITUTE_FLAT_ADDRESS), {
    path: ["SUBSTITUTE_FLAT_CITY"],
    message: 'must be set when SUBSTITUTE_FLAT_ADDRESS does not end in a postcode and a town ("…, 70-100 Szczecin")',
  })
  .refine((config) => !config.KSEF_CERT_FILE === !config.KSEF_KEY_FILE, {
    path: ["KSEF_CERT_FILE"],
    message: "KSEF_CERT_FILE and KSEF_KEY_FILE go together (the certificate and its private key)",
  })
  .refine((config) => !config.KSEF_OFFLINE_CERT_FILE === !config.KSEF_OFFLINE_KEY_FILE, {
    path: ["KSEF_OFFLINE_CERT_FILE"],
    message: "KSEF_OFFLINE_CERT_FILE and KSEF_OFFLINE_KEY_FILE go together (the certificate and its private key)",
  })
  .refine((config) => !(config.KSEF_TOKEN || config.KSEF_CERT_FILE) === !config.KSEF_NIP, {
    path: ["KSEF_NIP"],
    message: "KSEF_NIP and a way to sign in to KSeF go together: KSEF_CERT_FILE and KSEF_KEY_FILE (or, until 31 December 2026, KSEF_TOKEN)",
  })
  .refine((config) => !config.KSEF_OFFLINE_CERT_FILE || config.KSEF_NIP, {
    path: ["KSEF_OFFLINE_CERT_FILE"],
    message: "needs sending to KSeF set up (KSEF_NIP, KSEF_CERT_FILE and KSEF_KEY_FILE): an offline invoice is sent later",
  })
  // Instances sharing one database must verify each other's preview tokens.
  .refine((config) => !config.DATABASE_URL || config.ORDER_TOKEN_SECRET, {
    path: ["ORDER_TOKEN_SECRET"],
    message: "must be set when DATABASE_URL is (every instance needs the same secret)",
  });

export type Env = z.infer<typeof EnvSchema>;

/**
 * An amount of złoty as a person writes it into a setting (COMPANY_SHARE_CAPITAL), in grosze: "5000", "5 000",
 * "5000.00", "5 000,00 zł" and "PLN 5000" all read as 500 000. A comma or a dot before exactly
 * two digits is the decimal mark; any other punctuation makes the value unreadable (undefined)
 * rather than a guess, so "5,000" or "5.000" never turn into five złoty or five thousand.
 */
export function parseZlotyAmount(text: string): number | undefined {
  const bare = text
    .trim()
    .replace(/^PLN\s*/i, "")
    .replace(/\s*(zł|PLN)$/i, "");
  const match = /^(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d{2}))?$/.exec(bare);
  if (!match) return undefined;
  const grosze = Number(match[1]!.replace(/\D/g, "")) * 100 + Number(match[2] ?? "0");
  return Number.isSafeInteger(grosze) ? grosze : undefined;
}

/** "Szczecin" from "ul. Zastępcza 7/2, 70-100 Szczecin", as formatAddress writes an address; null when it does not end so. */
function cityOfAddress(address: string): string | null {
  return /\b\d{2}-\d{3}\s+(\S.*)$/.exec(address)?.[1]?.trim() ?? null;
}

/** Stops the process at boot with one line per setting that is wrong (the KSeF certificates' check uses it too). */
export function stopBoot(problems: { setting: string; message: string }[]): never {
  throw new Error(
    `Invalid environment configuration:\n${problems.map((problem) => `  ${problem.setting}: ${problem.message}`).join("\n")}`,
  );
}

function readEnv(): Env {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) stopBoot(parsed.error.issues.map((issue) => ({ setting: issue.path.join("."), message: issue.message })));
  return parsed.data;
}

export const env: Env = readEnv();

/** Lines the server logs as warnings once it starts: settings that work but should change. */
export const configurationWarnings: string[] = [];

/** The business days the carrier of an order takes after dispatch (the courier's or the parcel locker's setting). */
export function transitDaysOf(
  method: "courier" | "locker",
  settings: Pick<Env, "COURIER_TRANSIT_DAYS" | "LOCKER_TRANSIT_DAYS"> = env,
): number {
  return method === "locker" ? settings.LOCKER_TRANSIT_DAYS : settings.COURIER_TRANSIT_DAYS;
}

export const company: Company = {
  ...PLACEHOLDER_COMPANY,
  legalName: env.COMPANY_LEGAL_NAME ?? PLACEHOLDER_COMPANY.legalName,
  taxId: env.COMPANY_TAX_ID ?? PLACEHOLDER_COMPANY.taxId,
  krs: env.COMPANY_KRS ?? PLACEHOLDER_COMPANY.krs,
  shareCapitalGrosze: env.COMPANY_SHARE_CAPITAL ?? PLACEHOLDER_COMPANY.shareCapitalGrosze,
  registryCourt: env.COMPANY_REGISTRY_COURT ?? PLACEHOLDER_COMPANY.registryCourt,
  street: env.COMPANY_STREET ?? PLACEHOLDER_COMPANY.street,
  postalCode: env.COMPANY_POSTAL_CODE ?? PLACEHOLDER_COMPANY.postalCode,
  phone: env.COMPANY_PHONE ?? PLACEHOLDER_COMPANY.phone,
  email: env.COMPANY_EMAIL ?? PLACEHOLDER_COMPANY.email,
  bankName: env.COMPANY_BANK_NAME ?? PLACEHOLDER_COMPANY.bankName,
  bankAccount: env.COMPANY_BANK_ACCOUNT ?? PLACEHOLDER_COMPANY.bankAccount,
  bankBic: env.COMPANY_BANK_BIC ?? PLACEHOLDER_COMPANY.bankBic,
  social: {
    facebook: env.SOCIAL_FACEBOOK_URL ?? PLACEHOLDER_COMPANY.social.facebook,
    instagram: env.SOCIAL_INSTAGRAM_URL ?? PLACEHOLDER_COMPANY.social.instagram,
    tiktok: env.SOCIAL_TIKTOK_URL ?? PLACEHOLDER_COMPANY.social.tiktok,
  },
  vat: env.COMPANY_VAT === "zw" ? { exempt: true, basis: env.COMPANY_VAT_EXEMPTION_BASIS ?? null } : { exempt: false },
  replacementPriceGrosze: env.PRICE_REPLACEMENT,
};

/**
 * The seller's VAT on invoices. Exempt without a basis named, the invoice prints the subjective exemption
 * for a small business (art. 113 ust. 1), the usual one; another basis is set with COMPANY_VAT_EXEMPTION_BASIS.
 */
export const sellerVat: { rate: "23" | "zw"; exemptionBasis: string | null } =
  env.COMPANY_VAT === "zw"
    ? {
        rate: "zw",
        exemptionBasis: env.COMPANY_VAT_EXEMPTION_BASIS ?? "art. 113 ust. 1 ustawy z dnia 11 marca 2004 r. o podatku od towarów i usług",
      }
    : { rate: "23", exemptionBasis: null };

/** Whose flat the declaration names, and where: the company's own address until configured. */
export const substituteFlat: SubstituteFlat = {
  owner: env.SUBSTITUTE_FLAT_OWNER ?? company.legalName,
  address: env.SUBSTITUTE_FLAT_ADDRESS ?? `${company.street}, ${company.postalCode} ${company.city}`,
  city: env.SUBSTITUTE_FLAT_CITY ?? (env.SUBSTITUTE_FLAT_ADDRESS ? cityOfAddress(env.SUBSTITUTE_FLAT_ADDRESS)! : company.city),
};

/** The messengers' accounts the customer pages link to (app/messages/messengers.ts): null where unset. */
export const messengerAccounts = {
  telegram: env.TELEGRAM_USERNAME ?? null,
  viber: env.VIBER_NUMBER ?? null,
  whatsapp: env.WHATSAPP_NUMBER ?? null,
  messenger: env.MESSENGER_PAGE ?? null,
};
