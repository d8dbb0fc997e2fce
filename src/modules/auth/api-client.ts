/** The sign-in pages' calls to the account API (same origin, JSON), with coded errors. */
export interface ApiFailure {
  code: string
  field?: string
}

export async function postJson(url: string, body: unknown): Promise<{ ok: true } | { ok: false; error: ApiFailure }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    })
    if (response.ok) return { ok: true }
    const data = (await response.json().catch(() => ({}))) as {
      error?: { code?: string; issues?: { path: string }[] }
    }
    return { ok: false, error: { code: data.error?.code ?? 'INTERNAL', field: data.error?.issues?.[0]?.path } }
  } catch {
    return { ok: false, error: { code: 'NETWORK' } }
  }
}

/** Posts the credentials to the sign-in page's handler; resolves to where the browser goes next. */
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
