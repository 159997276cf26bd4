/** True when `error` (or the driver error Drizzle wraps in `cause`) is a unique violation. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const pg = e as Error & { code?: unknown; constraint?: unknown };
    if (pg.code === "23505") return constraint === undefined || pg.constraint === constraint;
  }
  return false;
}
