import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { BecomePromoterButton } from '../../src/modules/affiliate/components/become-promoter'
import { AffiliateErrorText } from '../../src/modules/affiliate/components/error-text'
import { ReferralConfirm } from '../../src/modules/affiliate/components/referral-confirm'
import { TermsList } from '../../src/modules/affiliate/components/terms-list'
import { closeAuthDialog, openAuthDialog } from '../../src/modules/auth/auth-dialog'
import { SessionRuntime } from '../../src/modules/auth/components/session-runtime'
import { SignInErrorText } from '../../src/modules/auth/components/signin-error-text'
import { SigninErrorText } from '../../src/modules/auth/components/signin-message-text'
import { SIGNIN_MESSAGES } from '../../src/modules/auth/signin-errors'
import type { Locale } from '../../src/modules/i18n/locales'
import { RootWidgets } from '../../src/modules/ops/widgets'
import { profile } from './fixtures'
import { renderUi } from './render'

const affiliate = await vi.hoisted(async () =>
  (await import('./doors')).door('becomePromoterFn', 'getAffiliateStatusFn', 'getBalanceFn'),
)
const auth = await vi.hoisted(async () =>
  (await import('./doors')).door('getViewerFn', 'startSignInFn', 'completeSignInFn', 'sessionStatusFn', 'signOutFn'),
)
const referral = vi.hoisted(() => ({ confirmReferralClick: vi.fn(() => Promise.resolve()) }))
const monitor = vi.hoisted(() => ({ startSessionMonitor: vi.fn(() => () => {}) }))
vi.mock('../../src/modules/affiliate/affiliate.functions', () => affiliate)
vi.mock('../../src/modules/auth/auth.functions', () => auth)
vi.mock('../../src/modules/affiliate/referral.functions', () => referral)
vi.mock('../../src/modules/auth/session-monitor', () => monitor)
vi.mock('../../src/modules/ops/error-reporting.browser', () => ({ startErrorReporting: vi.fn() }))

beforeEach(() => {
  vi.clearAllMocks()
  closeAuthDialog()
})

describe('become a promoter', () => {
  it('a signed-in shopper joins and lands on the dashboard', async () => {
    auth.getViewerFn.mockResolvedValue(profile())
    affiliate.becomePromoterFn.mockResolvedValue({ ok: true, data: {} })
    const { pathname } = await renderUi(<BecomePromoterButton />, { locale: 'fr', path: '/fr/affiliate' })
    fireEvent.click(await screen.findByTestId('become-promoter'))
    await waitFor(() => expect(pathname()).toBe('/fr/affiliate/dashboard'))
    expect(affiliate.becomePromoterFn).toHaveBeenCalledWith({ data: {} })
  })

  it('a refusal or a failed call is worded', async () => {
    auth.getViewerFn.mockResolvedValue(profile())
    affiliate.becomePromoterFn
      .mockResolvedValueOnce({ ok: false, code: 'FORBIDDEN', issues: [] })
      .mockRejectedValueOnce(new Error('offline'))
    await renderUi(<BecomePromoterButton />)
    fireEvent.click(await screen.findByTestId('become-promoter'))
    expect(await screen.findByText('This is for promoters only.')).toBeTruthy()
    fireEvent.click(screen.getByTestId('become-promoter'))
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy()
  })
})

describe('programme terms', () => {
  it('four facts from the configuration, the rate as a percentage in the page language', async () => {
    const terms = { rateBps: 750, holdDays: 14, windowDays: 30, attribution: 'last' as const, minWithdrawalMinor: 1000 }
    const { container } = await renderUi(<TermsList terms={terms} minimum="10,00 €" />, { locale: 'fr', path: '/fr' })
    await screen.findByText('10,00 €')
    const values = [...container.querySelectorAll('dt, dd')].map((e) => e.textContent)
    expect(values.join(' | ')).toMatch(/7,5\s%/)
    expect(values).toContain('14')
    expect(values).toContain('30')
  })
})

describe('error texts', () => {
  const affiliateCases: [string, string][] = [
    ['invalid_target', 'Enter a page of this shop, starting with “/”.'],
    ['campaign_too_long', 'The campaign label can be 64 characters at most.'],
    ['too_many_links', 'You have reached the maximum number of links. Delete one first.'],
    ['invalid_iban', 'This IBAN is not valid. Check it for typos.'],
    ['invalid_email', 'Enter a valid wallet e-mail address.'],
    ['insufficient_funds', 'The amount is more than your available balance.'],
    ['promoter_inactive', 'Your promoter account is not active: withdrawals and moves to store credit are paused.'],
    ['above_available', 'The amount is more than your available commission.'],
  ]
  it.each(affiliateCases)('affiliate issue %s', async (issue, text) => {
    await renderUi(
      <p data-testid="text">
        <AffiliateErrorText code="INVALID_INPUT" issues={[issue]} />
      </p>,
    )
    expect((await screen.findByTestId('text')).textContent).toBe(text)
  })

  it('affiliate: an ended session', async () => {
    await renderUi(
      <p data-testid="text">
        <AffiliateErrorText code="UNAUTHENTICATED" issues={[]} />
      </p>,
    )
    expect((await screen.findByTestId('text')).textContent).toBe('Your session has ended. Sign in again.')
  })

  const signInCases: [Parameters<typeof SignInErrorText>[0]['code'], string][] = [
    ['INVALID_CREDENTIALS', 'The e-mail or password is not right.'],
    ['RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.'],
    ['INTERACTION_EXPIRED', 'This sign-in page has expired. Please start signing in again.'],
    ['INVALID_INPUT', 'Please enter your e-mail and password.'],
    ['NETWORK', 'Something went wrong. Please try again.'],
  ]
  it.each(signInCases)('sign-in form error %s', async (code, text) => {
    await renderUi(
      <p data-testid="text">
        <SignInErrorText code={code} />
      </p>,
    )
    expect((await screen.findByTestId('text')).textContent).toBe(text)
  })

  const callbackCases: [string, string][] = [
    [SIGNIN_MESSAGES.noState, 'This sign-in link has expired or was already used. Please sign in again.'],
    [SIGNIN_MESSAGES.stateMismatch, 'This sign-in was started in another browser. Please sign in again here.'],
    [SIGNIN_MESSAGES.clientIdMismatch, 'The sign-in answer came from an unexpected server and was refused.'],
    [SIGNIN_MESSAGES.noSubject, 'We could not verify your sign-in. Please try again.'],
  ]
  it.each(callbackCases)('sign-in check "%s"', async (message, text) => {
    await renderUi(
      <p data-testid="text">
        <SigninErrorText message={message} />
      </p>,
    )
    expect((await screen.findByTestId('text')).textContent).toBe(text)
  })

  it.each<[Locale, string]>([
    ['de', 'E-Mail-Adresse oder Passwort ist falsch.'],
    ['ru', 'Неверный адрес электронной почты или пароль.'],
  ])('sign-in form error in %s', async (locale, text) => {
    await renderUi(
      <p data-testid="text">
        <SignInErrorText code="INVALID_CREDENTIALS" />
      </p>,
      { locale },
    )
    expect((await screen.findByTestId('text')).textContent).toBe(text)
  })
})

describe('page-wide runtime', () => {
  it('confirms a pending referral click once the page runs, and only then', async () => {
    await renderUi(<ReferralConfirm />)
    expect(referral.confirmReferralClick).not.toHaveBeenCalled()
    document.cookie = 'aff_pending=1; path=/'
    await renderUi(<ReferralConfirm />)
    await waitFor(() => expect(referral.confirmReferralClick).toHaveBeenCalledTimes(1))
    document.cookie = 'aff_pending=; max-age=0; path=/'
  })

  it('the session runtime starts the monitor and shows the auth dialog when raised', async () => {
    await renderUi(<SessionRuntime />, { path: '/de/offer/3', locale: 'de' })
    await waitFor(() => expect(monitor.startSessionMonitor).toHaveBeenCalledTimes(1))
    expect(screen.queryByRole('dialog')).toBeNull()
    openAuthDialog({ reason: 'expired' })
    expect(await screen.findByTestId('auth-dialog')).toBeTruthy()
  })

  it('the root widgets mark the page ready for tools and tests', async () => {
    await renderUi(<RootWidgets />)
    await waitFor(() => expect(document.documentElement.dataset.widgets).toBe('ready'))
  })
})
