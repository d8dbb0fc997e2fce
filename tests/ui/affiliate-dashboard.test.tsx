import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type {
  Balance,
  CreditSummary,
  LinkStats,
  Performance,
  PromoterProfile,
  WithdrawalView,
} from '../../src/modules/affiliate/affiliate.schemas'
import { AffiliateDashboard } from '../../src/modules/affiliate/components/dashboard'
import type { Locale } from '../../src/modules/i18n/locales'
import { renderUi } from './render'

const affiliate = await vi.hoisted(async () =>
  (await import('./doors')).door(
    'getAffiliateStatusFn',
    'becomePromoterFn',
    'getBalanceFn',
    'getPerformanceFn',
    'getLinksFn',
    'createLinkFn',
    'archiveLinkFn',
    'getWithdrawalsFn',
    'requestWithdrawalFn',
    'getCreditSummaryFn',
    'moveToCreditFn',
    'movePendingToCreditFn',
    'moveAllPendingToCreditFn',
  ),
)
vi.mock('../../src/modules/affiliate/affiliate.functions', () => affiliate)

// happy-dom has no canvas: uPlot is replaced by a recorder of what the chart asks it to draw.
const plots = vi.hoisted(
  () => [] as { options: { series: { label?: string }[] }; data: number[][]; destroyed: boolean }[],
)
vi.mock('uplot', () => {
  class FakePlot {
    static tzDate = (date: Date) => date
    entry: (typeof plots)[number]
    constructor(options: (typeof plots)[number]['options'], data: number[][]) {
      this.entry = { options, data, destroyed: false }
      plots.push(this.entry)
    }
    setSize() {}
    destroy() {
      this.entry.destroyed = true
    }
  }
  return { default: FakePlot }
})
vi.mock('uplot/dist/uPlot.min.css?url', () => ({ default: '/assets/uPlot.css' }))

const promoter: PromoterProfile = {
  userId: 'u-1',
  promoteCode: 'ASTER',
  currency: 'USD',
  rateBps: 500,
  status: 'active',
  statusReason: null,
  createdAt: '2026-10-01T00:00:00.000Z',
}
const terms = { rateBps: 500, holdDays: 14, windowDays: 30, attribution: 'last' as const, minWithdrawalMinor: 1000 }
const range = { from: '2026-11-01', to: '2026-11-07' }
const balance: Balance = { currency: 'USD', pending: 1250, available: 4000, processing: 1500, withdrawn: 9000 }
const days = (commission: number): Performance['days'] =>
  ['2026-11-01', '2026-11-02'].map((date, i) => ({
    date,
    clicks: i === 0 ? 0 : 12,
    signups: i === 0 ? 0 : 3,
    orders: i === 0 ? 0 : 2,
    revenue: i === 0 ? 0 : 3998,
    commission: i === 0 ? 0 : commission,
  }))
const link: LinkStats = {
  id: 8,
  code: 'ASTER-1',
  target: '/offer/3',
  campaign: 'winter',
  createdAt: '2026-10-02T00:00:00.000Z',
  clicks: 12,
  signups: 3,
  orders: 2,
  revenue: 3998,
  commission: 200,
  conversionRate: 16.7,
}
const withdrawal: WithdrawalView = {
  id: 'w-1',
  amountMinor: 1500,
  currency: 'USD',
  method: 'wallet',
  destination: 'aster@example.com',
  status: 'requested',
  note: null,
  awaitingSecondApproval: false,
  payoutReference: null,
  createdAt: '2026-11-03T10:00:00.000Z',
  updatedAt: '2026-11-03T10:00:00.000Z',
}
const credit: CreditSummary = {
  currency: 'USD',
  creditMinor: 300,
  movable: [
    {
      orderId: '5a0c7f3e-8a7b-4a55-9d1f-1d2e3f4a5b6c',
      commissionMinor: 250,
      currency: 'USD',
      deliveredAt: '2026-11-05T12:00:00.000Z',
      availableAt: '2026-11-19T12:00:00.000Z',
    },
  ],
}

function dashboard(options: { locale?: Locale; profile?: PromoterProfile; onRange?: () => void } = {}) {
  return renderUi(
    <AffiliateDashboard
      promoter={options.profile ?? promoter}
      terms={terms}
      range={range}
      onRange={options.onRange ?? (() => {})}
    />,
    { locale: options.locale, shell: { origin: 'https://shop.example' } },
  )
}

beforeEach(() => {
  vi.clearAllMocks()
  plots.length = 0
  affiliate.getBalanceFn.mockResolvedValue(balance)
  affiliate.getPerformanceFn.mockResolvedValue({ ...range, currency: 'USD', days: days(200) })
  affiliate.getLinksFn.mockResolvedValue([link, { ...link, id: null, code: 'ASTER', target: '/', campaign: null }])
  affiliate.getWithdrawalsFn.mockResolvedValue([withdrawal])
  affiliate.getCreditSummaryFn.mockResolvedValue(credit)
})

describe('affiliate dashboard', () => {
  it('shows balances, totals, links with full URLs, credit and withdrawals', async () => {
    await dashboard()
    expect((await screen.findByTestId('balance-available')).textContent).toContain('$40.00')
    expect(screen.getByTestId('balance-processing').textContent).toContain('$15.00')
    await waitFor(() => expect(screen.getByTestId('performance-totals').textContent).toContain('12'))
    expect(screen.getByTestId('performance-totals').textContent).toContain('$2.00')
    expect(affiliate.getPerformanceFn).toHaveBeenCalledWith({ data: range })
    const urls = (await screen.findAllByLabelText('Referral URL')) as HTMLInputElement[]
    expect(urls.map((u) => u.value)).toEqual([
      'https://shop.example/affiliate/reflink/ASTER-1',
      'https://shop.example/affiliate/reflink/ASTER',
    ])
    // The default link cannot be deleted.
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1)
    expect(screen.queryByTestId('promoter-status-notice')).toBeNull()
    const table = await screen.findByTestId('withdrawals-table')
    expect(within(table).getByText('aster@example.com')).toBeTruthy()
    expect(within(table).getByText('Requested')).toBeTruthy()
    expect(within(screen.getByTestId('store-credit')).getByText('$3.00')).toBeTruthy()
  })

  it('draws the daily figures, commission in currency units, with translated series names', async () => {
    await dashboard({ locale: 'de' })
    await screen.findByTestId('performance-chart')
    await waitFor(() => expect(plots.length).toBeGreaterThan(0))
    const plot = plots.at(-1)!
    expect(plot.data.slice(1)).toEqual([
      [0, 12],
      [0, 3],
      [0, 2],
      [0, 2],
    ])
    expect(plot.options.series.map((s) => s.label)).toEqual([
      'Datum',
      'Klicks',
      'Registrierungen',
      'Bestellungen',
      'Provision',
    ])
  })

  it('a pending promoter is told nothing counts yet, in French', async () => {
    await dashboard({ locale: 'fr', profile: { ...promoter, status: 'pending' } })
    expect((await screen.findByTestId('promoter-status-notice')).textContent).toBe(
      'Votre compte promoteur est en attente d’approbation.',
    )
  })

  it('a suspended promoter sees the reason', async () => {
    await dashboard({ profile: { ...promoter, status: 'suspended', statusReason: 'self-referrals' } })
    expect((await screen.findByTestId('promoter-status-notice')).textContent).toBe(
      'Your promoter account is suspended: self-referrals',
    )
  })

  it('an empty period says so instead of an empty chart; presets and dates change the range', async () => {
    affiliate.getPerformanceFn.mockResolvedValue({
      ...range,
      currency: 'USD',
      days: days(0).map((d) => ({ ...d, clicks: 0, signups: 0, orders: 0 })),
    })
    const onRange = vi.fn()
    await dashboard({ onRange })
    expect((await screen.findByTestId('performance-empty')).textContent).toContain('No clicks, sign-ups or orders')
    fireEvent.click(screen.getByRole('button', { name: '30 days' }))
    expect(onRange).toHaveBeenLastCalledWith({ from: '2026-10-09', to: '2026-11-07' })
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-05' } })
    fireEvent.submit(screen.getByTestId('range-form'))
    expect(onRange).toHaveBeenLastCalledWith({ from: '2026-11-05', to: '2026-11-07' })
    // A backwards range is not applied.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } })
    fireEvent.submit(screen.getByTestId('range-form'))
    expect(onRange).toHaveBeenCalledTimes(2)
  })

  it('figures that cannot load are explained', async () => {
    affiliate.getPerformanceFn.mockRejectedValue(new Error('range too long'))
    await dashboard()
    expect(
      (await screen.findByText('The figures could not be loaded. Check the dates (at most one year).')).getAttribute(
        'role',
      ),
    ).toBe('alert')
  })

  it('exports the links as CSV with the full URLs', async () => {
    const blobs: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob)
      return 'blob:links'
    })
    await dashboard()
    await screen.findAllByLabelText('Referral URL')
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Referral links' })).getByRole('button', { name: 'Export CSV' }),
    )
    // The CSV library is fetched on the click: the file is saved once it has arrived.
    await waitFor(() => expect(blobs).toHaveLength(1))
    const csv = await blobs[0]!.text()
    expect(csv).toContain('https://shop.example/affiliate/reflink/ASTER-1')
    expect(csv).toContain('39.98')
    expect(csv.split('\n')[0]).toContain('Link')
  })

  it('creates a link and shows a refused one with the reason', async () => {
    affiliate.createLinkFn
      .mockResolvedValueOnce({ ok: false, code: 'INVALID_INPUT', issues: ['invalid_target'] })
      .mockResolvedValueOnce({ ok: true, data: link })
    await dashboard()
    const form = await screen.findByTestId('link-form')
    fireEvent.change(within(form).getByLabelText('Landing page (a path of this shop)'), {
      target: { value: 'https://elsewhere.example' },
    })
    fireEvent.submit(form)
    expect(await screen.findByText('Enter a page of this shop, starting with “/”.')).toBeTruthy()
    fireEvent.change(within(form).getByLabelText('Landing page (a path of this shop)'), {
      target: { value: '/offer/4' },
    })
    fireEvent.change(within(form).getByLabelText('Campaign (optional)'), { target: { value: 'spring' } })
    fireEvent.submit(form)
    await waitFor(() =>
      expect(affiliate.createLinkFn).toHaveBeenLastCalledWith({ data: { target: '/offer/4', campaign: 'spring' } }),
    )
    await waitFor(() => expect(screen.queryByText('Enter a page of this shop, starting with “/”.')).toBeNull())
  })

  it('deletes a link', async () => {
    affiliate.archiveLinkFn.mockResolvedValue({ ok: true, data: null })
    await dashboard()
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(affiliate.archiveLinkFn).toHaveBeenCalledWith({ data: { id: 8 } }))
  })

  it('withdrawals: a bad amount is refused at once; an IBAN request is sent in minor units', async () => {
    affiliate.requestWithdrawalFn.mockResolvedValue({ ok: true, data: withdrawal })
    await dashboard()
    const form = await screen.findByTestId('withdrawal-form')
    fireEvent.change(within(form).getByLabelText('Amount (USD)'), { target: { value: '-3' } })
    fireEvent.submit(form)
    expect(await screen.findByText('Enter a positive amount.')).toBeTruthy()
    expect(affiliate.requestWithdrawalFn).not.toHaveBeenCalled()

    fireEvent.click(within(form).getByLabelText('Bank (IBAN)'))
    fireEvent.change(within(form).getByLabelText('Amount (USD)'), { target: { value: '12.50' } })
    fireEvent.change(within(form).getByLabelText('IBAN'), { target: { value: 'DE89370400440532013000' } })
    fireEvent.submit(form)
    expect(await screen.findByText('Your withdrawal was requested.')).toBeTruthy()
    expect(affiliate.requestWithdrawalFn).toHaveBeenCalledWith({
      data: { amountMinor: 1250, payout: { method: 'iban', iban: 'DE89370400440532013000' } },
    })
  })

  it('withdrawals: the server refusal is worded', async () => {
    affiliate.requestWithdrawalFn.mockResolvedValue({ ok: false, code: 'CONFLICT', issues: ['below_minimum'] })
    await dashboard()
    const form = await screen.findByTestId('withdrawal-form')
    fireEvent.change(within(form).getByLabelText('Amount (USD)'), { target: { value: '5' } })
    fireEvent.change(within(form).getByLabelText('Wallet e-mail'), { target: { value: 'aster@example.com' } })
    fireEvent.submit(form)
    expect(await screen.findByText('The amount is below the minimum withdrawal.')).toBeTruthy()
  })

  it('store credit: moves the available amount, and one order’s pending commission', async () => {
    const transfer = {
      id: 't-1',
      amountMinor: 4000,
      currency: 'USD',
      source: 'available' as const,
      orderId: null,
      createdAt: '2026-11-07T00:00:00.000Z',
      reversedAt: null,
    }
    affiliate.moveToCreditFn.mockResolvedValue({ ok: true, data: transfer })
    affiliate.movePendingToCreditFn.mockResolvedValue({ ok: false, code: 'CONFLICT', issues: ['not_movable'] })
    await dashboard()
    const form = await screen.findByTestId('move-to-credit-form')
    expect((within(form).getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('40.00')
    fireEvent.submit(form)
    expect(await screen.findByText('$40.00 moved to your store credit.')).toBeTruthy()
    expect(affiliate.moveToCreditFn).toHaveBeenCalledWith({ data: { amountMinor: 4000 } })

    fireEvent.click(screen.getByRole('button', { name: 'Move $2.50 to store credit' }))
    expect(
      await screen.findByText('This commission can no longer be moved: it was moved already or its order changed.'),
    ).toBeTruthy()
    expect(affiliate.movePendingToCreditFn).toHaveBeenCalledWith({ data: { orderId: credit.movable[0]!.orderId } })
  })

  it('store credit in debt is explained', async () => {
    affiliate.getCreditSummaryFn.mockResolvedValue({ ...credit, creditMinor: -500, movable: [] })
    await dashboard()
    expect(await screen.findByText(/A refunded order took back commission you had already spent/)).toBeTruthy()
  })
})
