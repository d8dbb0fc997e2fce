/**
 * A staff session's browser in a few words ("Chrome 131", "Windows") for the list on /admin/staff:
 * enough to tell one's laptop from one's phone, not a full parser. Client-safe, no locale: the
 * screen joins the two parts in the page's language. Undefined parts were not recognised.
 */
export interface UserAgentSummary {
  browser?: string
  os?: string
}

/** Most specific first: Edge, Opera and Samsung's browser also say "Chrome", Chrome says "Safari". */
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\bOPR\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:[.\d]*)(?: Mobile\/\w+)? Safari\//],
  ['curl', /^curl\/(\d+(?:\.\d+)?)/],
]

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['Android', /\bAndroid\b/],
  ['iPhone', /\biPhone\b/],
  ['iPad', /\biPad\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b/],
  ['Linux', /\bLinux\b/],
]

export function summariseUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  if (!userAgent) return {}
  const summary: UserAgentSummary = {}
  for (const [name, pattern] of BROWSERS) {
    const version = pattern.exec(userAgent)?.[1]
    if (version) {
      summary.browser = `${name} ${version}`
      break
    }
  }
  summary.os = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0]
  return summary
}
