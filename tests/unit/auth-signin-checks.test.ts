import { describe, expect, it } from 'vitest'
import {
  SIGNIN_MESSAGES as M,
  checkCallbackParams,
  checkIdTokenClaims,
  checkRefreshedClaims,
  checkStoredState,
  checkUserinfoSubject,
  safeReturnPath,
} from '../../src/modules/auth/signin-errors'

const stored = { sessionHash: 'h', authority: 'https://shop.example', clientId: 'storefront', createdAt: new Date() }
const current = { sessionHash: 'h', authority: 'https://shop.example', clientId: 'storefront' }

describe('storefront sign-in checks (SPEC §5, messages of §8)', () => {
  it('accepts only the code flow with a state', () => {
    expect(checkCallbackParams({ code: 'c', state: 's' })).toEqual({ code: 'c', state: 's' })
    expect(() => checkCallbackParams({ code: 'c' })).toThrow(M.noState)
    expect(() => checkCallbackParams({ state: 's' })).toThrow(M.codeFlowOnly)
    expect(() => checkCallbackParams({ state: 's', id_token: 'x' })).toThrow(M.codeFlowOnly)
  })

  it('checks the stored state: presence, age (900 s), browser, authority, client_id', () => {
    expect(checkStoredState(stored, current)).toBe(stored)
    expect(() => checkStoredState(undefined, current)).toThrow(M.noMatchingState)
    const old = { ...stored, createdAt: new Date(Date.now() - 901_000) }
    expect(() => checkStoredState(old, current)).toThrow(M.noMatchingState)
    expect(() => checkStoredState(stored, { ...current, sessionHash: 'other' })).toThrow(M.stateMismatch)
    expect(() => checkStoredState(stored, { ...current, authority: 'https://x' })).toThrow(M.authorityMismatch)
    expect(() => checkStoredState(stored, { ...current, iss: 'https://x' })).toThrow(M.authorityMismatch)
    expect(() => checkStoredState(stored, { ...current, clientId: 'x' })).toThrow(M.clientIdMismatch)
  })

  it('requires a subject and the nonce in the ID token', () => {
    expect(checkIdTokenClaims({ sub: 'u1', nonce: 'n' }, 'n')).toBe('u1')
    expect(() => checkIdTokenClaims({ nonce: 'n' }, 'n')).toThrow('ID Token is missing a subject claim')
    expect(() => checkIdTokenClaims({ sub: '', nonce: 'n' }, 'n')).toThrow(M.noSubject)
    expect(() => checkIdTokenClaims({ sub: 'u1', nonce: 'x' }, 'n')).toThrow(M.nonceMismatch)
  })

  it('on refresh keeps sub, auth_time and azp', () => {
    const original = { sub: 'u1', authTime: 100, azp: 'storefront' }
    expect(() => checkRefreshedClaims(original, { sub: 'u1', auth_time: 100, azp: 'storefront' })).not.toThrow()
    expect(() => checkRefreshedClaims(original, { sub: 'u2' })).toThrow(M.subChanged)
    expect(() => checkRefreshedClaims(original, { sub: 'u1', auth_time: 101 })).toThrow(M.authTimeChanged)
    expect(() => checkRefreshedClaims(original, { sub: 'u1', azp: 'other' })).toThrow(M.azpChanged)
    expect(() => checkRefreshedClaims(original, {})).toThrow(M.noSubject)
  })

  it('requires the user-info subject to equal the ID token subject', () => {
    expect(() => checkUserinfoSubject('u1', { sub: 'u1' })).not.toThrow()
    expect(() => checkUserinfoSubject('u1', { sub: 'u2' })).toThrow(M.userinfoSubMismatch)
  })

  it('returns only to same-site paths', () => {
    expect(safeReturnPath('/fr/offer/1?x=1')).toBe('/fr/offer/1?x=1')
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', undefined]) {
      expect(safeReturnPath(bad)).toBe('/')
    }
  })
})
