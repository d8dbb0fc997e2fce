/** A content version as editors send it back: 16 hex digits of a hash (content-version.server.ts, ADR 053). */
export const VERSION_PATTERN = /^[0-9a-f]{16}$/
