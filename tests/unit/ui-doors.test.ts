/**
 * DESIGN: the UI reaches the product API's use cases through server functions; nothing in the
 * browser calls our own REST routes over HTTP (they stay for other clients).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '../../src')

function uiFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    const rel = path.relative(SRC, full)
    // Server-only code and the REST routes themselves are not UI code.
    if (rel === 'server' || rel === path.join('routes', 'api') || /\.server\.tsx?$/.test(name)) return []
    if (statSync(full).isDirectory()) return uiFiles(full)
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.gen.ts') ? [full] : []
  })
}

describe('UI code calls server functions, not the REST routes', () => {
  it('has no fetch of /api/… anywhere in client-reachable code', () => {
    const files = uiFiles(SRC)
    expect(files.length).toBeGreaterThan(50)
    const offenders = files.filter((file) =>
      /\bfetch\s*\(\s*[`'"](?:https?:\/\/[^/`'"]+)?\/api\//.test(readFileSync(file, 'utf8')),
    )
    expect(offenders.map((f) => path.relative(SRC, f))).toEqual([])
  })

  it('the sign-up, code and reset forms use their server functions', () => {
    const flow = readFileSync(path.join(SRC, 'modules/auth/components/code-flow.tsx'), 'utf8')
    expect(flow).toContain('sendEmailCodeFn')
    for (const page of ['sign-up.tsx', 'forgot-password.tsx']) {
      const source = readFileSync(path.join(SRC, 'routes/{-$locale}/_login/login/$uid', page), 'utf8')
      expect(source).toMatch(/submit=\{(createAccountFn|resetPasswordFn)\}/)
    }
  })
})
