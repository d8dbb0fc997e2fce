/**
 * The few HTML pages the provider renders itself (logout confirmation, errors). They carry no
 * inline script (the CSP allows only same-origin scripts) and never show internals.
 */
import type { KoaContextWithOIDC } from 'oidc-provider'

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · TopUp Hub</title><style>body{font-family:system-ui,sans-serif;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0;background:#f5f6fb;color:#111}main{background:#fff;padding:2rem;border-radius:1rem;box-shadow:0 10px 30px #0001;max-width:26rem;text-align:center}button,a.button{background:#4f46e5;color:#fff;border:0;border-radius:.5rem;padding:.6rem 1.2rem;font-size:1rem;cursor:pointer;text-decoration:none;display:inline-block}</style></head><body><main>${body}</main></body></html>`
}

/** RP-initiated logout: the form confirms the sign-out; a same-origin script submits it at once. */
export async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  ctx.type = 'html'
  ctx.body = page(
    'Signing out',
    `<h1>Signing out…</h1>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes" data-autosubmit>Continue</button><script src="/auth/logout-confirm.js" defer></script>`,
  )
}

export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
  ctx.type = 'html'
  ctx.body = page('Signed out', `<h1>You are signed out</h1><p><a class="button" href="/">Back to the shop</a></p>`)
}

export async function renderError(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string },
): Promise<void> {
  ctx.type = 'html'
  const description = out.error_description ? `<p>${escape(out.error_description)}</p>` : ''
  ctx.body = page(
    'Sign-in error',
    `<h1>Sign-in could not continue</h1><p><code>${escape(out.error)}</code></p>${description}<p><a class="button" href="/">Back to the shop</a></p>`,
  )
}
