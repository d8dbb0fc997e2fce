/** Attribution rules (pure): which click gets credit, and for how long. */
import { DAY_MS, DAY_SECONDS } from '~/modules/time/days'

export type AttributionMode = 'last' | 'first'

export interface Touch {
  /** When the click was first recorded. */
  createdAt: Date
  /** The latest repeat of that click (same visitor, link and day). */
  lastSeenAt: Date
}

/** The moment the cookie window is measured from: the first touch, or the latest repeat of it. */
export function touchTime(touch: Touch, mode: AttributionMode): Date {
  return mode === 'first' ? touch.createdAt : touch.lastSeenAt
}

/** A click attributes only while now is within the window after it (inclusive of the edge). */
export function isWithinWindow(touch: Touch, mode: AttributionMode, now: Date, windowDays: number): boolean {
  const age = now.getTime() - touchTime(touch, mode).getTime()
  return age >= 0 && age <= windowDays * DAY_MS
}

/**
 * Should a new click replace the visitor's current attribution cookie? Last-touch: always.
 * First-touch: only when there is no current click or it has left the window.
 */
export function replacesAttribution(
  mode: AttributionMode,
  current: Touch | undefined,
  now: Date,
  windowDays: number,
): boolean {
  if (mode === 'last' || !current) return true
  return !isWithinWindow(current, mode, now, windowDays)
}

/** Seconds the attribution cookie lives: the whole window. */
export function windowSeconds(windowDays: number): number {
  return windowDays * DAY_SECONDS
}

/**
 * Clients that say they are automated: crawlers ("…bot", "spider"), headless browsers and HTTP
 * libraries. Only generic self-descriptions, never a messaging app's brand: Telegram's and
 * WhatsApp's in-app browsers carry their app's name and are people. Link-preview fetchers that do
 * not say what they are are told apart by behaviour instead (see visit.server.ts: a click counts
 * only once the landing page's script confirms it with the cookie set by the redirect).
 * No user agent at all counts as automated too (browsers always send one).
 */
const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|scrape|preview|externalhit|headless|phantomjs|lighthouse|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|libwww|node-fetch|axios\/|undici|postman/i

export function isBot(userAgent: string | null | undefined): boolean {
  if (!userAgent || userAgent.trim().length < 8) return true
  return BOT_PATTERN.test(userAgent)
}
