import type { MessageKind } from "~/db/schema";

/** The outbox kinds the KSeF lane sends (docs/decisions/050); the mail worker leaves them alone. */
export const KSEF_KINDS = ["ksef_submission"] as const satisfies readonly MessageKind[];
