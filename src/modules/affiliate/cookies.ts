/** Names of the affiliate cookies (server-only use; the values are opaque to the browser). */

/** Random visitor id; only its hash is stored, to count one click per visitor per day. */
export const VISITOR_COOKIE = 'aff_vid'
export const VISITOR_COOKIE_DAYS = 365

/**
 * The attribution cookie: the id of the referral click that gets the credit, living for the
 * attribution window. Pass its value to bindReferredUser() when an account is created.
 */
export const ATTRIBUTION_COOKIE = 'aff_ref'
