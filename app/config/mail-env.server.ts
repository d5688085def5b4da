import { z } from "zod";

/**
 * Mail configuration (README, .env.example), read once at boot. Without SMTP_URL the
 * messages are written as .eml files into MAIL_DIR, so a fresh clone needs no mail server.
 */
const MailEnvSchema = z.object({
  SMTP_URL: z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .optional()
    .refine((value) => value === undefined || /^smtps?:\/\//.test(value), "must start with smtp:// or smtps://"),
  MAIL_FROM: z.string().trim().min(3).default("Adres do eksmisji <zamowienia@example.com>"),
  OPERATOR_EMAIL: z.string().trim().email().default("operator@example.com"),
  MAIL_DIR: z.string().trim().min(1).default("./data/mail"),
});

export type MailEnv = z.infer<typeof MailEnvSchema>;

function readMailEnv(): MailEnv {
  const parsed = MailEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid mail configuration:\n${problems}`);
  }
  return parsed.data;
}

export const mailEnv: MailEnv = readMailEnv();
