/**
 * Whole passkey steps as the screens run them (client side): options from the server, the
 * browser's prompt (passkey-ceremony.ts, its library loaded then), the answer to the server. Each
 * resolves to a refusal for actionErrorText, or undefined when done.
 */
import type { ActionFailure } from '~/modules/errors/action-result'
import { answerWithPasskey, createPasskey } from './passkey-ceremony'
import {
  addPasskeyFn,
  passkeyRegistrationOptionsFn,
  staffPasskeyOptionsFn,
  verifyStaffPasskeyFn,
} from './passkeys.functions'

export type PasskeyFailure = Pick<ActionFailure, 'code' | 'issues' | 'retryAfterSeconds'>

const failed = (issue: string): PasskeyFailure => ({ code: 'INVALID_INPUT', issues: [issue] })
const unreachable: PasskeyFailure = { code: 'UNAVAILABLE', issues: [] }

/** Adds a passkey named `label` to the signed-in account (for staff without a factor: their factor). */
export async function registerPasskey(label: string): Promise<PasskeyFailure | undefined> {
  try {
    const options = await passkeyRegistrationOptionsFn()
    if (!options.ok) return options
    const ceremony = await createPasskey(options.data)
    if (!ceremony.ok) return failed(ceremony.issue)
    const added = await addPasskeyFn({ data: { label, response: ceremony.response } })
    return added.ok ? undefined : added
  } catch {
    return unreachable
  }
}

/** Proves a staff member's second factor for this session with one of their passkeys. */
export async function confirmStaffWithPasskey(): Promise<PasskeyFailure | undefined> {
  try {
    const options = await staffPasskeyOptionsFn()
    if (!options.ok) return options
    const ceremony = await answerWithPasskey(options.data)
    if (!ceremony.ok) return failed(ceremony.issue)
    const verified = await verifyStaffPasskeyFn({ data: { response: ceremony.response } })
    return verified.ok ? undefined : verified
  } catch {
    return unreachable
  }
}
