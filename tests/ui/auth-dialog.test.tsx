import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { closeAuthDialog, openAuthDialog } from '../../src/modules/auth/auth-dialog'
import AuthDialog from '../../src/modules/auth/components/auth-dialog'
import { CodeFlow } from '../../src/modules/auth/components/code-flow'
import { profile } from './fixtures'
import { renderUi } from './render'

const auth = await vi.hoisted(async () =>
  (await import('./doors')).door('getViewerFn', 'startSignInFn', 'completeSignInFn', 'sessionStatusFn', 'signOutFn'),
)
const accounts = await vi.hoisted(async () =>
  (await import('./doors')).door('sendEmailCodeFn', 'createAccountFn', 'resetPasswordFn'),
)
vi.mock('../../src/modules/auth/auth.functions', () => auth)
vi.mock('../../src/modules/accounts/accounts.functions', () => accounts)

beforeEach(() => {
  vi.clearAllMocks()
  closeAuthDialog()
})

describe('auth dialog', () => {
  it('asks to sign in for an action; a popup sign-in continues the action', async () => {
    const popup = { closed: false, focus: vi.fn() }
    const open = vi.fn((_url?: string, _target?: string, _features?: string) => popup)
    vi.stubGlobal('open', open)
    window.open = open as unknown as typeof window.open
    auth.getViewerFn.mockResolvedValue(profile())
    const onSignedIn = vi.fn()
    await renderUi(<AuthDialog />, { path: '/offer/3' })
    openAuthDialog({ reason: 'action', returnTo: '/order/confirm?skuId=11', onSignedIn })
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' })
    expect(dialog.textContent).toContain('Your choices on this page are kept.')
    fireEvent.click(screen.getByTestId('auth-dialog-sign-in'))
    expect(open.mock.calls[0]![0]).toBe('/login?redirect=%2Fauth%2Fsigned-in')
    popup.closed = true
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled())
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('a blocked popup falls back to the full sign-in page, keeping where to come back to, in Portuguese', async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    window.open = vi.fn(() => null) as unknown as typeof window.open
    await renderUi(<AuthDialog />, { locale: 'pt', path: '/pt/offer/3' })
    openAuthDialog({ reason: 'action', returnTo: '/pt/order/confirm?skuId=11' })
    await screen.findByRole('dialog', { name: 'Entre para continuar' })
    fireEvent.click(screen.getByTestId('auth-dialog-sign-up'))
    expect(await screen.findByText('Janela bloqueada pelo usuário')).toBeTruthy()
    expect(assign).toHaveBeenCalledWith('/pt/login?redirect=%2Fpt%2Forder%2Fconfirm%3FskuId%3D11&screen=sign-up')
  })

  it('an ended session says so; closing the popup without signing in says so', async () => {
    const popup = { closed: false, focus: vi.fn() }
    window.open = vi.fn(() => popup) as unknown as typeof window.open
    auth.getViewerFn.mockResolvedValue(null)
    await renderUi(<AuthDialog />)
    openAuthDialog({ reason: 'expired' })
    expect(await screen.findByRole('dialog', { name: 'Your session has ended' })).toBeTruthy()
    fireEvent.click(screen.getByTestId('auth-dialog-sign-in'))
    popup.closed = true
    expect(await screen.findByText('Popup closed by user')).toBeTruthy()
    expect(screen.getByTestId('auth-dialog-sign-in').hasAttribute('disabled')).toBe(false)
  })

  it('closes with its close button', async () => {
    await renderUi(<AuthDialog />)
    openAuthDialog({ reason: 'action' })
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})

describe('code flow (sign-up and password reset)', () => {
  function flow() {
    const submit = vi.fn()
    const onDone = vi.fn(() => Promise.resolve())
    return {
      submit,
      onDone,
      view: renderUi(
        <CodeFlow
          purpose="signup"
          title="Create your account"
          submitLabel="Create account"
          submit={submit}
          onDone={onDone}
        />,
      ),
    }
  }

  it('mails a code, then sends code and password and finishes', async () => {
    accounts.sendEmailCodeFn.mockResolvedValue({ ok: true })
    const { submit, onDone, view } = flow()
    await view
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'new@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }))
    expect(
      await screen.findByText('We sent a 6-digit code to new@example.com. It is valid for 10 minutes.'),
    ).toBeTruthy()
    expect(accounts.sendEmailCodeFn).toHaveBeenCalledWith({
      data: { email: 'new@example.com', purpose: 'signup', locale: 'en' },
    })
    submit
      .mockResolvedValueOnce({ ok: false, error: { code: 'INVALID_INPUT', field: 'code' } })
      .mockResolvedValueOnce({ ok: true })
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } })
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'secret123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('The code is wrong or has expired. Request a new one.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('new@example.com', 'secret123'))
    expect(submit.mock.calls[1]![0]).toEqual({
      data: { email: 'new@example.com', code: '123456', password: 'secret123', locale: 'en' },
    })
  })

  it('an existing account, too many attempts and an unreachable server are worded; another e-mail goes back', async () => {
    accounts.sendEmailCodeFn
      .mockResolvedValueOnce({ ok: false, error: { code: 'CONFLICT' } })
      .mockResolvedValueOnce({ ok: false, error: { code: 'RATE_LIMITED' } })
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ ok: true })
    const { view } = flow()
    await view
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'taken@example.com' } })
    const send = screen.getByRole('button', { name: 'Send me a code' })
    fireEvent.click(send)
    expect(await screen.findByText('An account with this e-mail already exists.')).toBeTruthy()
    fireEvent.click(send)
    expect(await screen.findByText('Too many attempts. Please wait a few minutes and try again.')).toBeTruthy()
    fireEvent.click(send)
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy()
    fireEvent.click(send)
    fireEvent.click(await screen.findByRole('button', { name: 'Use another e-mail or send a new code' }))
    expect(await screen.findByRole('button', { name: 'Send me a code' })).toBeTruthy()
  })
})
