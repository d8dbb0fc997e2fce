/**
 * The sandbox gateway's hosted pages, rendered as plain HTML by the gateway itself: they are not
 * storefront pages (no app JavaScript, no storefront session), so card data typed here goes to
 * the gateway's handler only and never reaches storefront code or its tables.
 */
import { formatMoney } from '~/modules/catalog/money'
import { DEFAULT_LOCALE, isLocale, type Locale } from '~/modules/i18n/locales'
import { currentNonce } from '~/server/http/security'
import { CHALLENGE_CODE } from './cards'
import { PAGE_TEXT, type PageText } from './page-text'
import type { SandboxTxn } from './gateway.server'

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The page's language: the one the shop asked for (query or form field), English otherwise. */
export function pageLocale(value: unknown): Locale {
  return typeof value === 'string' && isLocale(value) ? value : DEFAULT_LOCALE
}

function page(locale: Locale, title: string, body: string, status = 200): Response {
  const nonce = currentNonce()
  // Disables the submit button once pressed: a double click must not submit twice.
  const script = `document.querySelectorAll('form').forEach(function(f){f.addEventListener('submit',function(){f.querySelectorAll('button').forEach(function(b){setTimeout(function(){b.disabled=true},0)})})})`
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${esc(title)} · Sandbox Pay</title><meta name="robots" content="noindex">
<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(15,23,42,.12);padding:28px;width:min(420px,92vw)}
h1{font-size:20px;margin:0 0 4px}.muted{color:#64748b;font-size:14px}.amount{font-size:28px;font-weight:800;margin:12px 0 20px}
label{display:block;font-size:13px;font-weight:600;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px;font-size:16px}
.row{display:flex;gap:12px}.row>div{flex:1}button{width:100%;margin-top:18px;padding:12px;border:0;border-radius:8px;font-size:16px;font-weight:700;cursor:pointer;background:#4f46e5;color:#fff}
button.secondary{background:#e2e8f0;color:#0f172a}.error{background:#fef2f2;color:#b91c1c;padding:10px 12px;border-radius:8px;margin-top:12px;font-size:14px}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:700}
.hint{margin-top:18px;font-size:12px;color:#64748b;line-height:1.6}code{background:#f1f5f9;padding:1px 4px;border-radius:4px}
</style></head><body><main><span class="badge">SANDBOX</span>${body}</main>
<script nonce="${esc(nonce ?? '')}">${script}</script></body></html>`
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  })
}

function header(txn: SandboxTxn, locale: Locale, title: string): string {
  const text = PAGE_TEXT[locale]
  return `<h1>${esc(title)}</h1><p class="muted">TopUp Hub · ${esc(text.order(txn.description))}</p><p class="amount" data-testid="amount">${esc(formatMoney(txn.amountMinor, txn.currency, locale))}</p>`
}

const localeField = (locale: Locale) => `<input type="hidden" name="locale" value="${locale}">`

export function cardPage(txn: SandboxTxn, locale: Locale, error?: keyof PageText['errors']): Response {
  const text = PAGE_TEXT[locale]
  return page(
    locale,
    text.payByCard,
    `${header(txn, locale, text.payByCard)}
<form method="post" autocomplete="off">
<input type="hidden" name="id" value="${esc(txn.id)}"><input type="hidden" name="step" value="card">${localeField(locale)}
<label for="number">${esc(text.cardNumber)}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="expiry">${esc(text.expiry)}</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/30" required></div>
<div><label for="cvc">${esc(text.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div></div>
${error ? `<p class="error" role="alert" data-field="${error}">${esc(text.errors[error])}</p>` : ''}
<button type="submit">${esc(text.pay(formatMoney(txn.amountMinor, txn.currency, locale)))}</button></form>
<p class="hint">${text.cardHint}</p>`,
    error ? 422 : 200,
  )
}

export function challengePage(txn: SandboxTxn, locale: Locale): Response {
  const text = PAGE_TEXT[locale]
  return page(
    locale,
    '3-D Secure',
    `${header(txn, locale, text.verifyTitle)}
<p class="muted">${esc(text.challenge(txn.cardLast4 ?? ''))}</p>
<form method="post" autocomplete="off">
<input type="hidden" name="id" value="${esc(txn.id)}"><input type="hidden" name="step" value="challenge">${localeField(locale)}
<label for="code">${esc(text.code)}</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit">${esc(text.verify)}</button></form>
<p class="hint">${text.challengeHint(CHALLENGE_CODE)}</p>`,
  )
}

export function walletPage(txn: SandboxTxn, locale: Locale): Response {
  const text = PAGE_TEXT[locale]
  return page(
    locale,
    text.approveTitle,
    `${header(txn, locale, text.walletTitle)}
<p class="muted">${esc(text.walletText)}</p>
<form method="post"><input type="hidden" name="id" value="${esc(txn.id)}">${localeField(locale)}
<button type="submit" name="decision" value="approve">${esc(text.approve)}</button>
<button type="submit" name="decision" value="cancel" class="secondary">${esc(text.cancel)}</button></form>`,
  )
}

export function notFoundPage(locale: Locale): Response {
  const text = PAGE_TEXT[locale]
  return page(
    locale,
    text.notFound,
    `<h1>${esc(text.notFound)}</h1><p class="muted">${esc(text.notFoundText)}</p>`,
    404,
  )
}

export function seeOther(url: string): Response {
  return new Response(null, { status: 303, headers: { location: url, 'cache-control': 'no-store' } })
}
