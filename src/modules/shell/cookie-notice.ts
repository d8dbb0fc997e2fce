export const COOKIE_NOTICE_COOKIE = 'cookie_notice'
/** SPEC §9: the cookie notice cookie lasts 30 days. */
export const COOKIE_NOTICE_MAX_AGE = 30 * 24 * 60 * 60

/** Fired when the visitor accepts the notice; consent-gated scripts (analytics) listen for it. */
export const COOKIE_CONSENT_EVENT = 'cookie-consent'

export function dismissCookieNotice(doc: Document = document): void {
  doc.cookie = `${COOKIE_NOTICE_COOKIE}=true; Max-Age=${COOKIE_NOTICE_MAX_AGE}; Path=/; SameSite=Lax`
  window.dispatchEvent(new Event(COOKIE_CONSENT_EVENT))
}
