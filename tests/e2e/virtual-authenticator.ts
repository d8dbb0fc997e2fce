import type { CDPSession, Page } from '@playwright/test'

/**
 * Chromium's virtual authenticator for the passkey journeys (CDP WebAuthn): CTAP2 over the
 * "internal" transport, with resident keys and user verification (a platform passkey whose PIN or
 * biometric check always passes), answering without a click.
 */
export async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}
