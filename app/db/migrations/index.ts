import { orders } from "./001-orders";
import { ordersOptionalWaiverBindingText } from "./002-orders-optional-waiver-binding-text";
import { outbox } from "./003-outbox";
import { backOffice } from "./004-back-office";
import { payments } from "./005-payments";
import { backOfficeSearchAndNotes } from "./006-back-office-search-and-notes";
import { customerNamesAndCoResidents } from "./007-customer-names-and-co-residents";
import { rateLimitCounters } from "./008-rate-limit-counters";
import { searchVersion } from "./009-search-version";
import { paymentChecksAndRefundResults } from "./011-payment-checks-and-refund-results";
import { operatorSecondFactor } from "./012-operator-second-factor";
import { withdrawals } from "./013-withdrawals";
import { outboxRequestId } from "./014-outbox-request-id";
import { shipping } from "./015-shipping";
import { invoices } from "./016-invoices";
import { ksefSubmissions } from "./017-ksef-submissions";
import { withdrawalDecision } from "./018-withdrawal-decision";
import { reviews } from "./019-reviews";
import { ksefOfflineAndCertificates } from "./020-ksef-offline-and-certificates";
import { withdrawalAcknowledgementCaps } from "./021-withdrawal-acknowledgement-caps";
import { secondFactorLimits } from "./022-second-factor-limits";
import { withdrawalReasonCode } from "./023-withdrawal-reason-code";
import { withdrawalChannelsAndLateStatements } from "./024-withdrawal-channels-and-late-statements";
import { lockerDescriptionAndHours } from "./025-locker-description-and-hours";
import { outboxRefused } from "./026-outbox-refused";
import { bankStatements } from "./027-bank-statements";
import { conversations } from "./028-conversations";
import { replyTemplates } from "./029-reply-templates";
import { declarationCodes } from "./030-declaration-codes";
import { addressLater } from "./031-address-later";
import { replacementDeclarations } from "./032-replacement-declarations";
import { replacementCharges } from "./033-replacement-charges";
import type { MigrationStep } from "./step";

export type { MigrationStep };

/**
 * Schema changes, applied in this order at start-up, once per database (docs/decisions/007 and
 * 033), by app/db/migrate.server.ts. To change the schema, add a file with the next number and
 * APPEND its step here; never edit or reorder a step that has shipped. SQLite counts applied
 * steps in `PRAGMA user_version` (files made before PostgreSQL support sit at 1 and keep
 * working); PostgreSQL counts them in the `schema_migrations` table.
 */
export const MIGRATIONS: readonly MigrationStep[] = [
  orders,
  ordersOptionalWaiverBindingText,
  outbox,
  backOffice,
  payments,
  backOfficeSearchAndNotes,
  customerNamesAndCoResidents,
  rateLimitCounters,
  searchVersion,
  paymentChecksAndRefundResults,
  operatorSecondFactor,
  withdrawals,
  outboxRequestId,
  shipping,
  invoices,
  ksefSubmissions,
  withdrawalDecision,
  reviews,
  ksefOfflineAndCertificates,
  withdrawalAcknowledgementCaps,
  secondFactorLimits,
  withdrawalReasonCode,
  withdrawalChannelsAndLateStatements,
  lockerDescriptionAndHours,
  outboxRefused,
  bankStatements,
  conversations,
  replyTemplates,
  declarationCodes,
  addressLater,
  replacementDeclarations,
  replacementCharges,
];
