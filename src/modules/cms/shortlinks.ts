/** Short-link rules shared by the /r/{alias...} route, the seed and future admin forms (client-safe). */

/** External hosts a short link may send visitors to; anything else would be an open redirect. */
export const SHORT_LINK_ALLOWED_HOSTS: readonly string[] = ['community.example.org', 'status.example.org']

/** A site path ("/offer/1", not "//evil.test") or an https URL on an allowed host. */
export function isAllowedShortLinkTarget(target: string): boolean {
  if (target.startsWith('/')) return !target.startsWith('//') && !target.includes('\\')
  let url: URL
  try {
    url = new URL(target)
  } catch {
    return false
  }
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    SHORT_LINK_ALLOWED_HOSTS.includes(url.hostname)
  )
}
