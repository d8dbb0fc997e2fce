/**
 * The one cookie parser for a plain Request (REST handlers, middleware, the page cache): cookie-es,
 * the library Start's own getCookie uses. Inside a server function, getCookie/setCookie from
 * @tanstack/react-start/server read the same header.
 */
import { parse } from 'cookie-es'

/** The request's cookies by name, values decoded; a malformed value is left as sent. */
export function requestCookies(request: Request): Map<string, string> {
  const parsed = parse(request.headers.get('cookie') ?? '')
  return new Map(Object.entries(parsed).filter((entry): entry is [string, string] => entry[1] !== undefined))
}
