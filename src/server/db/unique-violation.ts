/** A unique index refused the write (PostgreSQL 23505), whichever driver wrapped the error. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let i = 0; i < 5 && current; i++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
