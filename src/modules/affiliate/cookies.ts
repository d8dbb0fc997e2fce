/** Names of the affiliate cookies (server-only use, except the pending marker the page script reads). */

/** Random visitor id; only its hash is stored, to count one click per visitor per day. */
export const VISITOR_COOKIE = 'aff_vid'
export const VISITOR_COOKIE_DAYS = 365

/**
 * The attribution cookie: the id of the referral click that gets the credit, living for the
 * attribution window. Pass its value to bindReferredUser() when an account is created.
 */
export const ATTRIBUTION_COOKIE = 'aff_ref'

/**
 * Set by the referral redirect, confirmed by the landing page's script: a click counts only from a
 * client that keeps cookies and runs scripts (a person's browser, in-app ones included), not from
 * a link-preview fetcher. Short-lived: a confirmation belongs to the visit that set it.
 */
export const PENDING_COOKIE = 'aff_pending'
export const PENDING_COOKIE_SECONDS = 30 * 60
