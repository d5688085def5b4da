import type { SubmissionResult } from "@conform-to/react";
import type { DeclarationType } from "~/config/products";
import type { OfflineResult } from "~/forms/offline";
import type { PixelEvent } from "~/tracking/events";
import type { AgreementTexts } from "./order.server";
import type { DispatchDatesByMethod } from "./delivery-promise.server";
import type { PlacedOrder } from "./placed-order.server";
import type { OrderDetails } from "./schema";
import type { LockerSearch } from "~/order/delivery";

/** What the order pages' loader gives the page. */
export type OrderLoaderData = {
  defaultType: DeclarationType;
  placedOrder: PlacedOrder | null;
  /** When each type would be sent and delivered if ordered and paid today, by each delivery method, with and without the withdrawal waiver. */
  dispatchDates: DispatchDatesByMethod;
  /** The products' prices formatted for the page's language (formattedPrices). */
  prices: Record<DeclarationType, string>;
  /** Whether the form offers InPost parcel lockers (docs/decisions/048); courier only when not. */
  lockersOffered?: boolean;
};

/**
 * The dispatch and delivery dates travel with a refused step too: without JavaScript a refused
 * submit is a 400 whose page renders without the loader's data.
 */
type WithDispatchDates = { dispatchDates?: DispatchDatesByMethod; lockersOffered?: boolean };

/** Stage 1: the form, with the posted values and conform's reply when it failed. */
export type FormState = WithDispatchDates & {
  stage: "form";
  values: Record<string, string>;
  reply?: SubmissionResult<string[]>;
  formErrorKey?: string;
  /** The lockers found after "Pokaż paczkomaty", or why none are shown. */
  lockers?: LockerSearch;
};

/** Stage 2: the contract built from the posted data, the one-time token and any message. */
export type PreviewState = WithDispatchDates & {
  stage: "preview";
  values: Record<string, string>;
  details: OrderDetails;
  /** The agreement as the server built it for this preview, and the binding Polish text for en/uk/ru. */
  agreement: AgreementTexts;
  token: string;
  /** conform's reply when the accept was refused (a consent missing, say). */
  reply?: SubmissionResult<string[]>;
  formErrorKey?: string;
  /** The pixel twin of the server's Lead event, fired once when this preview shows. */
  lead?: PixelEvent;
};

/** Accepted, answered as data to the page with JavaScript: toast, then a full-page redirect. */
export type AcceptedState = { stage: "accepted"; paymentUrl: string; purchase?: PixelEvent };

/** Made in the browser only, when the request never reached the server. */
export type NetworkErrorState = OfflineResult & { stage: "networkError"; intent: "preview" | "accept" };

export type OrderState = FormState | PreviewState | AcceptedState | NetworkErrorState;
