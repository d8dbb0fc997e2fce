/** Passkeys' inputs and views (client-safe; ADR 113). */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import { z } from 'zod'

export const PASSKEY_LABEL_MAX = 60

export const passkeyLabelSchema = z.string().trim().min(1).max(PASSKEY_LABEL_MAX)

const b64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/)

/**
 * What `@simplewebauthn/browser` hands back from `navigator.credentials` (RegistrationResponseJSON /
 * AuthenticationResponseJSON), bounded; the server library checks the rest.
 */
const credentialResponse = <R extends z.ZodRawShape>(response: R) =>
  z.object({
    id: b64url.min(1),
    rawId: b64url.min(1),
    type: z.literal('public-key'),
    response: z.object(response),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  })

export const registrationResponseSchema = credentialResponse({
  clientDataJSON: b64url,
  attestationObject: b64url,
  transports: z.array(z.string().max(32)).max(10).optional(),
  authenticatorData: b64url.optional(),
  publicKey: b64url.optional(),
  publicKeyAlgorithm: z.number().int().optional(),
})

export const authenticationResponseSchema = credentialResponse({
  clientDataJSON: b64url,
  authenticatorData: b64url,
  signature: b64url,
  userHandle: b64url.optional(),
})

export type RegistrationResponse = z.infer<typeof registrationResponseSchema>
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>

export const addPasskeySchema = z.object({ label: passkeyLabelSchema, response: registrationResponseSchema })
export const removePasskeySchema = z.object({ id: z.uuid() })
export const staffPasskeySchema = z.object({ response: authenticationResponseSchema })

/** One passkey on the profile (never its key). */
export interface PasskeyView {
  id: string
  label: string
  createdAt: string
  lastUsedAt: string | null
  /** Synced across the owner's devices by their passkey provider. */
  multiDevice: boolean
}

/**
 * The options a browser gets for a ceremony, without client extensions (none are asked for; their
 * binary types cannot cross a server function).
 */
export type CreationOptions = Omit<PublicKeyCredentialCreationOptionsJSON, 'extensions'>
export type RequestOptions = Omit<PublicKeyCredentialRequestOptionsJSON, 'extensions'>
