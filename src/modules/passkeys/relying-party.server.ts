/**
 * Who the passkeys belong to (WebAuthn's relying party): the shop's own origin, PUBLIC_ORIGIN
 * (without it, the quick start's loopback origin; server/http/origin.ts). The RP ID is its host
 * name: a passkey made on the shop works only there.
 */
import { siteOrigin } from '~/server/http/origin'

export const RP_NAME = 'TopUp Hub'

export interface RelyingParty {
  origin: string
  rpID: string
}

export function relyingParty(request: Request): RelyingParty {
  const origin = siteOrigin(request.url)
  return { origin, rpID: new URL(origin).hostname }
}
