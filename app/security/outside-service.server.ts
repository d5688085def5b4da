/**
 * What every outside service's client factory takes besides its settings (docs/decisions/077):
 * the HTTP client and the clock. The site builds each client once with the process's own
 * (app/load-context.server.ts); a test hands in its own to see a timeout or a broken answer.
 * A client that keeps no clock ignores `now`.
 */
export type ServiceDependencies = { fetch?: typeof fetch; now?: () => Date };
