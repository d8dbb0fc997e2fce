/**
 * Posts the credentials to the sign-in page's handler; resolves to where the browser goes next.
 * Plain HTTP, not a server function: the provider's interaction cookie is scoped to that path.
 */
export async function signInAt(path: string, email: string, password: string): Promise<string | undefined> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      body: new URLSearchParams({ email, password }),
      headers: { accept: 'application/json' },
    })
    const body = (await response.json()) as { location?: string }
    return response.ok ? body.location : undefined
  } catch {
    return undefined
  }
}
