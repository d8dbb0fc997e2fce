import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ProfileForm } from '../../src/modules/accounts/components/profile-form'
import { PlayerProfilesSection } from '../../src/modules/fulfilment/components/player-profiles-section'
import type { GameProfiles } from '../../src/modules/fulfilment/player-profiles.schemas'
import { profile } from './fixtures'
import { renderUi } from './render'

const profiles = await vi.hoisted(async () =>
  (await import('./doors')).door(
    'offerProfilesFn',
    'myProfilesFn',
    'saveProfileFn',
    'chooseProfileFn',
    'renameProfileFn',
    'setDefaultProfileFn',
    'deleteProfileFn',
  ),
)
const auth = await vi.hoisted(async () =>
  (await import('./doors')).door(
    'getViewerFn',
    'startSignInFn',
    'completeSignInFn',
    'sessionStatusFn',
    'signOutFn',
    'updateProfileFn',
  ),
)
vi.mock('../../src/modules/fulfilment/player-profiles.functions', () => profiles)
vi.mock('../../src/modules/auth/auth.functions', () => auth)

const games: GameProfiles[] = [
  {
    gameId: 3,
    gameName: 'Star Rail',
    profiles: [
      {
        id: '7b0e3f2a-1c4d-4e5f-8a9b-0c1d2e3f4a5b',
        gameId: 3,
        label: 'Main account',
        player: { playerId: '812345678', server: 'na' },
        nickname: 'Aster',
        isDefault: true,
      },
      {
        id: '8c1f4a3b-2d5e-4f60-9b0c-1d2e3f4a5b6c',
        gameId: 3,
        label: 'Alt',
        player: { playerId: '811111111' },
        nickname: 'Nova',
        isDefault: false,
      },
    ],
  },
]

beforeEach(() => vi.clearAllMocks())

describe('saved players on the profile page', () => {
  it('loading, then each game with its players; the default is marked', async () => {
    let answer!: (value: GameProfiles[]) => void
    profiles.myProfilesFn.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    await renderUi(<PlayerProfilesSection locale="en" />)
    // While loading: the heading and a placeholder, neither rows nor the empty-list text.
    expect(await screen.findByRole('heading', { name: 'Saved players' })).toBeTruthy()
    expect(screen.queryByTestId('player-profile-row')).toBeNull()
    expect(screen.queryByText(/No saved players yet/)).toBeNull()
    answer(games)
    const rows = await screen.findAllByTestId('player-profile-row')
    expect(rows.map((r) => r.getAttribute('data-default'))).toEqual(['true', 'false'])
    expect(rows[0]!.textContent).toContain('Default')
    expect(rows[0]!.textContent).toContain('ID 812345678 · na')
    expect(within(rows[0]!).queryByTestId('player-profile-default')).toBeNull()
    expect(profiles.myProfilesFn).toHaveBeenCalledWith({ data: { locale: 'en' } })
  })

  it('no saved players yet explains how to save one', async () => {
    profiles.myProfilesFn.mockResolvedValueOnce([])
    await renderUi(<PlayerProfilesSection locale="en" />)
    expect(await screen.findByText(/No saved players yet\./)).toBeTruthy()
  })

  it('a list that cannot load says so', async () => {
    profiles.myProfilesFn.mockRejectedValue(new Error('down'))
    await renderUi(<PlayerProfilesSection locale="es" />, { locale: 'es' })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se pudieron cargar los jugadores guardados. Vuelve a cargar la página.',
    )
  })

  it('renames, makes default and deletes, showing a refusal', async () => {
    profiles.myProfilesFn.mockResolvedValue(games)
    profiles.renameProfileFn.mockResolvedValue({ ok: true, data: null })
    profiles.setDefaultProfileFn.mockResolvedValue({ ok: true, data: null })
    profiles.deleteProfileFn.mockResolvedValue({ ok: false, code: 'NOT_FOUND', issues: ['profile_not_found'] })
    await renderUi(<PlayerProfilesSection locale="en" />)
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Alt' }))
    fireEvent.change(screen.getByTestId('player-profile-label-input'), { target: { value: '  Smurf  ' } })
    fireEvent.click(screen.getByTestId('player-profile-save'))
    await waitFor(() =>
      expect(profiles.renameProfileFn).toHaveBeenCalledWith({
        data: { id: games[0]!.profiles[1]!.id, gameId: 3, label: 'Smurf' },
      }),
    )
    await waitFor(() => expect(screen.queryByTestId('player-profile-label-input')).toBeNull())

    fireEvent.click(screen.getByRole('button', { name: 'Make Alt the default' }))
    await waitFor(() =>
      expect(profiles.setDefaultProfileFn).toHaveBeenCalledWith({ data: { id: games[0]!.profiles[1]!.id, gameId: 3 } }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Delete Main account' }))
    expect(await screen.findByText('This saved player no longer exists.')).toBeTruthy()
  })

  it('cancelling a rename keeps the old name', async () => {
    profiles.myProfilesFn.mockResolvedValue(games)
    await renderUi(<PlayerProfilesSection locale="en" />)
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Main account' }))
    fireEvent.change(screen.getByTestId('player-profile-label-input'), { target: { value: 'Other' } })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getAllByTestId('player-profile-label')[0]!.textContent).toContain('Main account')
    expect(profiles.renameProfileFn).not.toHaveBeenCalled()
  })
})

describe('profile form', () => {
  it('shows the account and saves the edited profile, billing country as its ISO code', async () => {
    const me = profile({ billingAddress: { ...profile().billingAddress, country: 'DE', city: 'Berlin' } })
    auth.updateProfileFn.mockImplementation(({ data }) => Promise.resolve({ ...me, ...data }))
    const { queryClient } = await renderUi(<ProfileForm profile={me} />)
    expect(await screen.findByText('Account number 1001 · shopper@example.com')).toBeTruthy()
    expect((screen.getByTestId('country-input') as HTMLInputElement).value).toBe('Germany')
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'aster2' } })
    fireEvent.change(screen.getByTestId('country-input'), { target: { value: 'France' } })
    expect((screen.getByTestId('country-code') as HTMLInputElement).value).toBe('FR')
    fireEvent.click(screen.getByTestId('profile-save'))
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy()
    const sent = auth.updateProfileFn.mock.calls[0]![0].data
    expect(sent).toMatchObject({ username: 'aster2', billingAddress: { country: 'FR', city: 'Berlin' } })
    expect(queryClient.getQueryData<{ username: string }>(['viewer'])?.username).toBe('aster2')
  })

  it('an unknown country and a bad contact are refused before sending', async () => {
    await renderUi(<ProfileForm profile={profile()} />)
    fireEvent.change(await screen.findByTestId('country-input'), { target: { value: 'Atlantis' } })
    expect(screen.getByText('Choose a country from the list.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Discord'), { target: { value: 'aster#1234' } })
    fireEvent.click(screen.getByTestId('profile-save'))
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeTruthy()
    expect(screen.getByLabelText('Discord').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByTestId('country-input').getAttribute('aria-invalid')).toBe('true')
    expect(auth.updateProfileFn).not.toHaveBeenCalled()
  })

  it('says what is wrong with each field in the page’s language, not in zod’s English', async () => {
    await renderUi(<ProfileForm profile={profile()} />, { locale: 'de' })
    fireEvent.change(await screen.findByLabelText('Benutzername'), { target: { value: 'a' } })
    fireEvent.change(screen.getByLabelText('Avatar-URL'), { target: { value: 'http://example.com/me.png' } })
    fireEvent.change(screen.getByLabelText('Telefon'), { target: { value: '0176 12x' } })
    fireEvent.change(screen.getByLabelText('Discord'), { target: { value: 'aster#1234' } })
    fireEvent.click(screen.getByTestId('profile-save'))
    expect(await screen.findByText('Mindestens 2 Zeichen.')).toBeTruthy()
    expect(
      screen.getByText('Gib eine https://-Adresse oder einen Pfad dieser Website ein, der mit / beginnt.'),
    ).toBeTruthy()
    expect(screen.getByText('Nur Ziffern, Leerzeichen und + ( ) . - verwenden.')).toBeTruthy()
    expect(screen.getByText('Nur Buchstaben, Ziffern und . _ - @ + : / verwenden.')).toBeTruthy()
    expect(screen.queryByText(/Too small|Invalid|only$/)).toBeNull()
    expect(auth.updateProfileFn).not.toHaveBeenCalled()
  })

  it('a failed save says so', async () => {
    auth.updateProfileFn.mockRejectedValue(new Error('offline'))
    await renderUi(<ProfileForm profile={profile()} />)
    fireEvent.click(await screen.findByTestId('profile-save'))
    expect(await screen.findByText('Your profile could not be saved. Please try again.')).toBeTruthy()
  })
})
