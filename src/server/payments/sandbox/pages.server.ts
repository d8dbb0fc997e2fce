/**
 * The sandbox gateway's hosted pages, rendered as plain HTML by the gateway itself: they are not
 * storefront pages (no app JavaScript, no storefront session), so card data typed here goes to
 * the gateway's handler only and never reaches storefront code or its tables.
 */
import { currentNonce } from '../../http/security'
import { CHALLENGE_CODE } from './cards'
import type { SandboxTxn } from './gateway.server'

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function money(txn: SandboxTxn): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency: txn.currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  return new Intl.NumberFormat('en', { style: 'currency', currency: txn.currency }).format(
    txn.amountMinor / 10 ** digits,
  )
}

function page(title: string, body: string, status = 200): Response {
  const nonce = currentNonce()
  // Disables the submit button once pressed: a double click must not submit twice.
  const script = `document.querySelectorAll('form').forEach(function(f){f.addEventListener('submit',function(){f.querySelectorAll('button').forEach(function(b){setTimeout(function(){b.disabled=true},0)})})})`
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
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

function header(txn: SandboxTxn, title: string): string {
  return `<h1>${esc(title)}</h1><p class="muted">TopUp Hub · ${esc(txn.description)}</p><p class="amount" data-testid="amount">${esc(money(txn))}</p>`
}

export function cardPage(txn: SandboxTxn, error?: string): Response {
  return page(
    'Pay by card',
    `${header(txn, 'Pay by card')}
<form method="post" autocomplete="off">
<input type="hidden" name="id" value="${esc(txn.id)}"><input type="hidden" name="step" value="card">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/30" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div></div>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<button type="submit">Pay ${esc(money(txn))}</button></form>
<p class="hint">Test cards: <code>4242 4242 4242 4242</code> succeeds · <code>4000 0000 0000 3220</code> asks for 3-D Secure · <code>4000 0000 0000 0002</code> is declined. Any future expiry, any CVC.</p>`,
    error ? 422 : 200,
  )
}

export function challengePage(txn: SandboxTxn): Response {
  return page(
    '3-D Secure',
    `${header(txn, 'Verify it is you')}
<p class="muted">Your bank sent a one-time code to your phone. Card ending in ${esc(txn.cardLast4 ?? '')}.</p>
<form method="post" autocomplete="off">
<input type="hidden" name="id" value="${esc(txn.id)}"><input type="hidden" name="step" value="challenge">
<label for="code">Verification code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit">Verify</button></form>
<p class="hint">Sandbox: <code>${CHALLENGE_CODE}</code> passes, any other code fails.</p>`,
  )
}

export function walletPage(txn: SandboxTxn): Response {
  return page(
    'Approve payment',
    `${header(txn, 'Sandbox Wallet')}
<p class="muted">Signed in as demo-wallet@example.com. Approve this payment to TopUp Hub?</p>
<form method="post"><input type="hidden" name="id" value="${esc(txn.id)}">
<button type="submit" name="decision" value="approve">Approve and pay</button>
<button type="submit" name="decision" value="cancel" class="secondary">Cancel and return</button></form>`,
  )
}

export function notFoundPage(): Response {
  return page(
    'Payment not found',
    '<h1>Payment not found</h1><p class="muted">This payment link is not valid.</p>',
    404,
  )
}

export function seeOther(url: string): Response {
  return new Response(null, { status: 303, headers: { location: url, 'cache-control': 'no-store' } })
}
