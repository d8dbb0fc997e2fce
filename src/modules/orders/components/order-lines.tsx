import { Trans } from '@lingui/react/macro'
import type { OrderCreatorLine, QuoteLine } from '~/modules/orders/orders.schemas'
import { useMoney } from '~/modules/catalog/use-money'

/** Items and totals, as priced by the server. */
export function OrderLines(props: {
  lines: QuoteLine[]
  currency: string
  subtotalMinor: number
  discountMinor: number
  totalMinor: number
  coupons?: string[]
  /** The creator code's line (ADR 120); its discount is part of discountMinor. */
  creator?: OrderCreatorLine | null
}) {
  const money = useMoney()
  const creatorMinor = props.creator?.discountMinor ?? 0
  const couponMinor = props.discountMinor - creatorMinor
  return (
    <div className="space-y-3" data-testid="order-lines">
      <ul className="divide-y divide-[var(--border)]">
        {props.lines.map((l) => (
          <li key={l.skuId} className="flex items-baseline justify-between gap-4 py-2">
            <span>
              <span className="font-medium">{l.title}</span>
              <span className="text-muted ml-2 text-sm">
                {l.quantity} × {money(l.unitPriceMinor, props.currency)}
              </span>
            </span>
            <span className="font-semibold tabular-nums">{money(l.lineMinor, props.currency)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 border-t border-[var(--border)] pt-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">
            <Trans>Subtotal</Trans>
          </dt>
          <dd className="tabular-nums" data-testid="subtotal">
            {money(props.subtotalMinor, props.currency)}
          </dd>
        </div>
        {couponMinor > 0 ? (
          <div className="flex justify-between text-emerald-700 dark:text-emerald-300">
            <dt>
              <Trans>Discount</Trans>
              {props.coupons?.length ? (
                <span className="ml-1 font-mono text-xs">({props.coupons.join(', ')})</span>
              ) : null}
            </dt>
            <dd className="tabular-nums" data-testid="discount">
              −{money(couponMinor, props.currency)}
            </dd>
          </div>
        ) : null}
        {props.creator ? (
          <div
            className="flex justify-between text-emerald-700 dark:text-emerald-300"
            data-testid="creator-line"
            data-code={props.creator.code}
          >
            <dt>
              <Trans>
                Supporting <span className="font-mono">{props.creator.code}</span>
              </Trans>
            </dt>
            <dd className="tabular-nums" data-testid="creator-discount">
              {creatorMinor > 0 ? `−${money(creatorMinor, props.currency)}` : null}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between text-lg font-extrabold">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd className="tabular-nums" data-testid="total">
            {money(props.totalMinor, props.currency)}
          </dd>
        </div>
      </dl>
    </div>
  )
}
