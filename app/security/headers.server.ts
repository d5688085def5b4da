import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

type PolicyOptions = {
  nonce?: string;
  isDevelopment?: boolean;
  extraScriptSources?: string[];
  extraImageSources?: string[];
  extraConnectSources?: string[];
  /** Origins a form's POST may lead to (the payment gateway's page, after our 303). */
  extraFormActions?: string[];
};

/**
 * Scripts run only from our own origin or with this request's nonce; no inline script
 * without it. Styles allow inline for the 429 page's inline style (app/server/rate-limit-screen.server.ts)
 * and the third-party pixel scripts; style injection carries far less risk than script injection.
 */
export function contentSecurityPolicy({
  nonce,
  isDevelopment = false,
  extraScriptSources = [],
  extraImageSources = [],
  extraConnectSources = [],
  extraFormActions = [],
}: PolicyOptions = {}): string {
  const scriptSources = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...extraScriptSources];
  const connectSources = ["'self'", ...(isDevelopment ? ["ws:"] : []), ...extraConnectSources];
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${extraImageSources.join(" ")}`.trim(),
    "font-src 'self'",
    `connect-src ${connectSources.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...extraFormActions].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Headers every response carries: documents, data requests and resource routes alike. A route
 * that sets a stricter Referrer-Policy (`no-referrer` where the URL holds a secret) keeps it.
 */
export function applySecurityHeaders(headers: Headers, policy: PolicyOptions = {}): Headers {
  headers.set("Content-Security-Policy", contentSecurityPolicy(policy));
  headers.set("X-Content-Type-Options", "nosniff");
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
  return headers;
}
