export const COOKIE_NOTICE_COOKIE = 'cookie_notice'
/** SPEC §9: the cookie notice cookie lasts 30 days. */
export const COOKIE_NOTICE_MAX_AGE = 30 * 24 * 60 * 60

export function dismissCookieNotice(doc: Document = document): void {
  doc.cookie = `${COOKIE_NOTICE_COOKIE}=true; Max-Age=${COOKIE_NOTICE_MAX_AGE}; Path=/; SameSite=Lax`
}
