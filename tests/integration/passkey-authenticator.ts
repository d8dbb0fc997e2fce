/**
 * A software authenticator for the passkey tests (ADR 113): real ES256 keys (node:crypto), real
 * authenticator data, clientDataJSON, "none" attestation and DER signatures, so
 * `@simplewebauthn/server` verifies them exactly as it verifies a browser's. Nothing is mocked; the
 * test can only choose what a real authenticator could do (or a cloned one: replay an old counter).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'
import type {
  AuthenticationResponse,
  CreationOptions,
  RegistrationResponse,
  RequestOptions,
} from '../../src/modules/passkeys/passkeys.schemas'

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest()
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url')

const UP = 0x01
const UV = 0x04
const AT = 0x40

interface Credential {
  id: Buffer
  privateKey: KeyObject
  counter: number
  userHandle: string
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = []

  constructor(
    private readonly origin: string,
    private readonly rpID = new URL(origin).hostname,
  ) {}

  private authData(flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([sha256(this.rpID), Buffer.from([flags]), count, ...(attested ? [attested] : [])])
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /**
   * navigator.credentials.create(): a new discoverable ES256 credential for the options' user
   * (`credentialId`: under an id already used, as an authenticator that reuses ids would).
   */
  register(
    options: CreationOptions,
    opts: { userVerified?: boolean; origin?: string; credentialId?: Buffer } = {},
  ): RegistrationResponse {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    )
    const id = opts.credentialId ?? randomBytes(16)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(cose)])
    const flags = UP | AT | (opts.userVerified === false ? 0 : UV)
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', this.authData(flags, 0, attested)],
      ]),
    )
    this.credentials.push({ id, privateKey, counter: 0, userHandle: options.user.id })
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, opts.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /**
   * navigator.credentials.get(): signs the challenge with `credential` (default: the first one the
   * options allow, else the newest). The counter goes up by one unless `counter` says otherwise.
   */
  assert(
    options: RequestOptions,
    opts: { credential?: Credential; counter?: number; userVerified?: boolean; origin?: string } = {},
  ): AuthenticationResponse {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? []
    const credential =
      opts.credential ??
      (allowed.length ? this.credentials.find((c) => allowed.includes(b64url(c.id))) : this.credentials.at(-1))
    if (!credential) throw new Error('no credential for these options')
    credential.counter = opts.counter ?? credential.counter + 1
    const authData = this.authData(UP | (opts.userVerified === false ? 0 : UV), credential.counter)
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, opts.origin)
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey)
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }
}
