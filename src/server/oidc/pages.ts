/**
 * The HTML pages the authorization server renders itself (sign-out confirmation, signed out,
 * errors), in the shopper's language and the shop's colours. They carry the shop's security
 * headers (handle.ts) and no inline script.
 *
 * Sign-out: a GET of /connect/logout must not end a session by itself, or any site could sign a
 * visitor out with a link or an image. The page asks, and only the user's click ends the session.
 * The one exception is the storefront's own sign-out (a same-origin navigation, which a browser
 * never reports for a request started by another site, even through redirects) or a request that
 * proves itself with a valid id_token_hint: there an external same-origin script confirms at once.
 */
import type { I18n } from '@lingui/core'
import type { KoaContextWithOIDC } from 'oidc-provider'
import { config } from '../../../app.config'
import { PROVIDER_PAGE_TEXT as T } from '~/modules/auth/provider-page-text'
import { createI18n, activateLocale } from '~/modules/i18n/i18n'
import { LOCALE_COOKIE, detectLocale, isLocale } from '~/modules/i18n/locales'

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The shopper's language: ui_locales when the client sent one, else cookie, Accept-Language, fallback. */
async function i18nFor(ctx: KoaContextWithOIDC): Promise<I18n> {
  const asked = String(ctx.oidc?.params?.ui_locales ?? '').split(' ')[0]
  const locale = isLocale(asked)
    ? asked
    : detectLocale({
        pathname: '/',
        cookie: ctx.cookies.get(LOCALE_COOKIE),
        acceptLanguage: ctx.get('accept-language'),
        fallback: config().LOCALE_FALLBACK,
      })
  const i18n = createI18n()
  await activateLocale(i18n, locale)
  return i18n
}

const STYLE = `:root{color-scheme:light dark;--brand:#4f46e5;--bg:#f5f6fb;--card:#fff;--text:#111827;--muted:#6b7280}
@media (prefers-color-scheme:dark){:root{--bg:#0b1020;--card:#151b2e;--text:#f3f4f6;--muted:#9ca3af}}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;min-height:100vh;background:var(--bg);color:var(--text);display:flex;flex-direction:column}
header{padding:1rem 1.5rem}header a{color:var(--brand);font-weight:800;font-size:1.25rem;text-decoration:none}
main{margin:auto;background:var(--card);padding:2rem;border-radius:1rem;box-shadow:0 10px 30px #0002;max-width:26rem;width:calc(100% - 3rem);text-align:center;box-sizing:border-box}
h1{font-size:1.4rem;margin:0 0 .75rem}p{color:var(--muted);line-height:1.5}.actions{display:flex;flex-direction:column;gap:.5rem;margin-top:1.5rem}
.button{background:var(--brand);color:#fff;border:0;border-radius:.5rem;padding:.7rem 1.2rem;font-size:1rem;font-weight:600;cursor:pointer;text-decoration:none;display:block}
.button.secondary{background:transparent;color:var(--brand);border:1px solid var(--brand)}code{font-size:.9rem}`

function page(i18n: I18n, title: string, body: string): string {
  return `<!doctype html><html lang="${i18n.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)} · TopUp Hub</title><style>${STYLE}</style></head><body><header><a href="/">TopUp Hub</a></header><main>${body}</main></body></html>`
}

function isTrustedLogout(ctx: KoaContextWithOIDC): boolean {
  return Boolean(ctx.oidc?.params?.id_token_hint) || ctx.get('sec-fetch-site') === 'same-origin'
}

/** RP-initiated logout: `form` is the provider's hidden form (xsrf token) that the button submits. */
export async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  const i18n = await i18nFor(ctx)
  const auto = isTrustedLogout(ctx)
  const title = i18n._(T.signOutTitle)
  ctx.type = 'html'
  ctx.set('cache-control', 'no-store')
  ctx.body = page(
    i18n,
    title,
    `<h1>${escape(title)}</h1><p>${escape(i18n._(T.signOutBody))}</p>${form}<div class="actions"><button class="button" type="submit" form="op.logoutForm" name="logout" value="yes"${auto ? ' data-autosubmit' : ''}>${escape(i18n._(T.signOut))}</button><a class="button secondary" href="/">${escape(i18n._(T.staySignedIn))}</a></div>${auto ? '<script src="/auth/logout-confirm.js" defer></script>' : ''}`,
  )
}

export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
  const i18n = await i18nFor(ctx)
  const title = i18n._(T.signedOut)
  ctx.type = 'html'
  ctx.body = page(
    i18n,
    title,
    `<h1>${escape(title)}</h1><div class="actions"><a class="button" href="/">${escape(i18n._(T.backToShop))}</a></div>`,
  )
}

export async function renderError(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string },
): Promise<void> {
  const i18n = await i18nFor(ctx)
  const title = i18n._(T.errorTitle)
  ctx.type = 'html'
  // The description is the provider's English for developers; the code is what support asks for.
  const description = out.error_description ? `<p lang="en">${escape(out.error_description)}</p>` : ''
  ctx.body = page(
    i18n,
    title,
    `<h1>${escape(title)}</h1><p><code>${escape(out.error)}</code></p>${description}<div class="actions"><a class="button" href="/">${escape(i18n._(T.backToShop))}</a></div>`,
  )
}

/**
 * Without a session at the authorization server there is nothing to end, and oidc-provider skips
 * logoutSource: it answers with its stock page, an inline script that posts the confirmation at
 * once (to reach the post-logout redirect). Shown in the shop's look instead, posting through the
 * same external script as the storefront's own sign-out; the inputs are the provider's own.
 */
export async function replaceStockLogoutPage(ctx: KoaContextWithOIDC): Promise<void> {
  const body = ctx.body
  if (typeof body !== 'string' || !body.includes('<title>Submitting Callback</title>')) return
  const action = /<form method="post" action="([^"]*)">/.exec(body)?.[1]
  if (!action) return
  const inputs = [...body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"\/>/g)]
    .filter(([, name]) => name !== 'logout')
    .map(([input]) => input)
    .join('')
  const i18n = await i18nFor(ctx)
  const title = i18n._(T.signOutTitle)
  ctx.set('cache-control', 'no-store')
  ctx.body = page(
    i18n,
    title,
    `<h1>${escape(title)}</h1><form id="op.logoutForm" method="post" action="${action}">${inputs}</form><div class="actions"><button class="button" type="submit" form="op.logoutForm" name="logout" value="yes" data-autosubmit>${escape(i18n._(T.signOut))}</button></div><script src="/auth/logout-confirm.js" defer></script>`,
  )
}
