/**
 * The browser's half of a passkey ceremony (ADR 113). `@simplewebauthn/browser` is imported only
 * when a ceremony starts, so no page's first load carries it. The browser's refusals come back as
 * issue codes the screens word (error-text.ts): the person cancelled (or the prompt timed out),
 * this device's passkey is registered already, or the browser has no WebAuthn.
 */
import type { AuthenticationResponse, CreationOptions, RegistrationResponse, RequestOptions } from './passkeys.schemas'

export type CeremonyIssue = 'passkey_cancelled' | 'passkey_already_registered' | 'passkey_unsupported'
export type Ceremony<T> = { ok: true; response: T } | { ok: false; issue: CeremonyIssue }

function issueOf(error: unknown): CeremonyIssue {
  const { name, code } = (error ?? {}) as { name?: string; code?: string }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return 'passkey_already_registered'
  }
  if (name === 'NotSupportedError' || name === 'SecurityError') return 'passkey_unsupported'
  // NotAllowedError: cancelled, timed out, or no passkey chosen; AbortError: a newer ceremony.
  return 'passkey_cancelled'
}

export async function createPasskey(options: CreationOptions): Promise<Ceremony<RegistrationResponse>> {
  const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser')
  if (!browserSupportsWebAuthn()) return { ok: false, issue: 'passkey_unsupported' }
  try {
    const response = await startRegistration({ optionsJSON: options })
    return { ok: true, response: response as RegistrationResponse }
  } catch (error) {
    return { ok: false, issue: issueOf(error) }
  }
}

export async function answerWithPasskey(options: RequestOptions): Promise<Ceremony<AuthenticationResponse>> {
  const { browserSupportsWebAuthn, startAuthentication } = await import('@simplewebauthn/browser')
  if (!browserSupportsWebAuthn()) return { ok: false, issue: 'passkey_unsupported' }
  try {
    const response = await startAuthentication({ optionsJSON: options })
    return { ok: true, response: response as AuthenticationResponse }
  } catch (error) {
    return { ok: false, issue: issueOf(error) }
  }
}
