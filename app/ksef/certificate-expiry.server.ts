import type { AppDatabase } from "~/db/db.server";
import type { KsefCertificate } from "./certificate.server";

/**
 * A KSeF certificate's end, for the operator (docs/decisions/056): the invoices page shows each
 * certificate's last day and warns from 30 days before it; housekeeping e-mails the operator 30
 * days and 7 days before, once each per certificate.
 */
export const WARN_DAYS_BEFORE = 30;
export const NOTICE_DAYS_BEFORE = [30, 7] as const;
const DAY_MS = 24 * 60 * 60_000;

export type CertificateExpiry = {
  /** "authentication" (type 1, the sign-in) or "offline" (type 2, KOD II). */
  kind: "authentication" | "offline";
  serialHex: string;
  /** The last moment it is valid, ISO. */
  validTo: string;
  /** Whole days left, rounded down; 0 on its last day. */
  daysLeft: number;
  remainingMs: number;
  /** Within 30 days of its end: the page warns. */
  warn: boolean;
};

export function certificateExpiries(
  certificates: { authentication: KsefCertificate | null; offline: KsefCertificate | null },
  now: Date,
): CertificateExpiry[] {
  return (["authentication", "offline"] as const).flatMap((kind) => {
    const certificate = certificates[kind];
    if (!certificate) return [];
    const remainingMs = certificate.validTo.getTime() - now.getTime();
    return [
      {
        kind,
        serialHex: certificate.serialHex,
        validTo: certificate.validTo.toISOString(),
        daysLeft: Math.floor(remainingMs / DAY_MS),
        remainingMs,
        warn: remainingMs <= WARN_DAYS_BEFORE * DAY_MS,
      },
    ];
  });
}

/**
 * Sends the operator the notices now due: for a certificate within 30 (or 7) days of its end, the
 * nearest warning not sent before. A site started late sends only the nearer one, and remembers
 * both. Recorded after the e-mail went, so a failed send is tried at the next run; a crash between
 * the two sends it once more at worst. Answers how many went.
 */
export async function sendCertificateExpiryNotices(
  db: AppDatabase,
  expiries: CertificateExpiry[],
  now: Date,
  notify: (expiry: CertificateExpiry) => Promise<void>,
): Promise<number> {
  let sent = 0;
  for (const expiry of expiries) {
    const due = NOTICE_DAYS_BEFORE.filter((days) => expiry.remainingMs <= days * DAY_MS);
    if (due.length === 0 || expiry.remainingMs <= 0) continue;
    const nearest = Math.min(...due);
    const before = await db
      .selectFrom("ksef_certificate_notices")
      .select("days_before")
      .where("serial", "=", expiry.serialHex)
      .where("days_before", "=", nearest)
      .executeTakeFirst();
    if (before) continue;
    await notify(expiry);
    await db
      .insertInto("ksef_certificate_notices")
      .values(due.map((days) => ({ serial: expiry.serialHex, days_before: days, sent_at: now.toISOString() })))
      .onConflict((conflict) => conflict.columns(["serial", "days_before"]).doNothing())
      .execute();
    sent += 1;
  }
  return sent;
}

/** The operator's e-mail about one certificate's end, in Polish (the back office's language). */
export function certificateExpiryMail(expiry: CertificateExpiry, siteUrl: string): { subject: string; text: string } {
  const kind = expiry.kind === "authentication" ? "do logowania (typ 1, uwierzytelnianie)" : "offline (typ 2, KOD II)";
  const day = expiry.validTo.slice(0, 10);
  const settings = expiry.kind === "authentication" ? "KSEF_CERT_FILE i KSEF_KEY_FILE" : "KSEF_OFFLINE_CERT_FILE i KSEF_OFFLINE_KEY_FILE";
  return {
    subject: `Certyfikat KSeF ${kind} wygasa ${day}`,
    text: [
      `Certyfikat KSeF ${kind} o numerze seryjnym ${expiry.serialHex} jest ważny do ${day} (zostało dni: ${expiry.daysLeft}).`,
      expiry.kind === "authentication"
        ? "Bez ważnego certyfikatu strona nie zaloguje się do KSeF, a faktury dla firm będą czekać na wysłanie."
        : "Bez ważnego certyfikatu offline faktura, której KSeF nie przyjmie od razu, poczeka na numer KSeF, zanim trafi do klienta.",
      `Złóż wniosek o nowy certyfikat w Aplikacji Podatnika KSeF (Certyfikaty), a potem wskaż nowe pliki w ${settings} i uruchom stronę ponownie (README, rozdział KSeF).`,
      `Lista faktur: ${siteUrl}/admin/invoices`,
    ].join("\n\n"),
  };
}
