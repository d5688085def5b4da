/** A stored JSON object (an audit row's details, a correction's before or after); {} for anything else. */
export function objectOf(json: string | null | undefined): Record<string, unknown> {
  try {
    const value: unknown = json ? JSON.parse(json) : {};
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
