/**
 * SPEC §7: the storefront's token call uses client_secret_post. Our provider configuration admits
 * no other client authentication method, so a client registered for HTTP Basic is refused.
 */
import { Provider } from 'oidc-provider'
import { describe, expect, it } from 'vitest'
import { CLIENT_AUTH_METHODS, storefrontClient } from '../../src/server/oidc/provider'

const ISSUER = 'http://127.0.0.1:9'
const SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz'

function providerWith(method: 'client_secret_post' | 'client_secret_basic') {
  const client = { ...storefrontClient(ISSUER, SECRET), client_id: `c-${method}`, token_endpoint_auth_method: method }
  return new Provider(ISSUER, { clients: [client], clientAuthMethods: [...CLIENT_AUTH_METHODS] })
}

describe('client authentication methods', () => {
  it('registers the storefront for client_secret_post only', () => {
    expect(CLIENT_AUTH_METHODS).toEqual(['client_secret_post'])
    expect(storefrontClient(ISSUER, SECRET).token_endpoint_auth_method).toBe('client_secret_post')
  })

  it('accepts a client_secret_post client and refuses one registered with client_secret_basic', async () => {
    await expect(providerWith('client_secret_post').Client.find('c-client_secret_post')).resolves.toBeTruthy()
    const refused = await providerWith('client_secret_basic')
      .Client.find('c-client_secret_basic')
      .then(
        () => undefined,
        (error: { error?: string; error_description?: string }) => error,
      )
    expect(refused?.error).toBe('invalid_client_metadata')
    expect(refused?.error_description).toMatch(/token_endpoint_auth_method/)
  })
})
