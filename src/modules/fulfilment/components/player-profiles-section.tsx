import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import type { ActionResult } from '~/modules/errors/action-result'
import { actionErrorText } from '~/modules/errors/error-text'
import type { Locale } from '~/modules/i18n/locales'
import { deleteProfileFn, renameProfileFn, setDefaultProfileFn } from '~/modules/fulfilment/player-profiles.functions'
import { myProfilesQuery, PLAYER_PROFILES_KEY } from '~/modules/fulfilment/player-profiles.queries'
import { PROFILE_LABEL_MAX, type PlayerProfileView } from '~/modules/fulfilment/player-profiles.schemas'

const BUTTON =
  'rounded-lg border border-[var(--border)] px-3 py-1.5 text-sm font-medium hover:bg-brand-50 disabled:opacity-50 dark:hover:bg-white/5'

/** The profile page's "Saved players": per game, rename, make default, delete. */
export function PlayerProfilesSection({ locale }: { locale: Locale }) {
  const titleId = useId()
  const games = useQuery(myProfilesQuery(locale))
  return (
    <section aria-labelledby={titleId} className="surface space-y-4 rounded-2xl p-5" data-testid="player-profiles">
      <h2 id={titleId} className="text-xl font-bold">
        <Trans>Saved players</Trans>
      </h2>
      {games.isPending ? (
        <div className="h-16 animate-pulse rounded-lg bg-black/5 dark:bg-white/5" />
      ) : games.isError ? (
        <p className="text-danger" role="alert">
          <Trans>Saved players could not be loaded. Please reload the page.</Trans>
        </p>
      ) : games.data.length === 0 ? (
        <p className="text-muted text-sm">
          <Trans>
            No saved players yet. After checking a player on a game's page, tick "Save this player" before you continue
            to checkout.
          </Trans>
        </p>
      ) : (
        games.data.map((game) => (
          <div key={game.gameId} className="space-y-2" data-testid="player-profile-game" data-game-id={game.gameId}>
            <h3 className="font-semibold">{game.gameName}</h3>
            <ul className="space-y-2">
              {game.profiles.map((p) => (
                <ProfileRow key={p.id} profile={p} />
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  )
}

function ProfileRow({ profile }: { profile: PlayerProfileView }) {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const inputId = useId()
  const [editing, setEditing] = useState(false)
  const [label, setLabel] = useState(profile.label)
  const ref = { id: profile.id, gameId: profile.gameId }
  const action = useMutation({
    mutationFn: (run: () => Promise<ActionResult<unknown>>) => run(),
    onSuccess: async (result) => {
      if (!result.ok) return
      setEditing(false)
      await queryClient.invalidateQueries({ queryKey: PLAYER_PROFILES_KEY })
    },
  })
  const failed = action.data && !action.data.ok ? action.data : undefined

  const rename = (event: FormEvent) => {
    event.preventDefault()
    const next = label.trim()
    if (!next) return
    action.mutate(() => renameProfileFn({ data: { ...ref, label: next } }))
  }

  return (
    <li
      data-testid="player-profile-row"
      data-profile-id={profile.id}
      data-default={profile.isDefault ? 'true' : 'false'}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-[var(--border)] px-3 py-2"
    >
      {editing ? (
        <form onSubmit={rename} className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
              <Trans>Name</Trans>
            </label>
            <input
              id={inputId}
              value={label}
              maxLength={PROFILE_LABEL_MAX}
              required
              onChange={(e) => setLabel(e.target.value)}
              data-testid="player-profile-label-input"
              className="w-full rounded-lg border border-[var(--border)] bg-transparent px-3 py-1.5"
            />
          </div>
          <button type="submit" disabled={action.isPending} className={BUTTON} data-testid="player-profile-save">
            <Trans>Save</Trans>
          </button>
          <button
            type="button"
            className={BUTTON}
            onClick={() => {
              setEditing(false)
              setLabel(profile.label)
            }}
          >
            <Trans>Cancel</Trans>
          </button>
        </form>
      ) : (
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium" data-testid="player-profile-label">
            {profile.label}
            {profile.isDefault ? (
              <span className="ml-2 rounded bg-brand-600 px-1.5 py-0.5 text-xs font-semibold text-white">
                <Trans>Default</Trans>
              </span>
            ) : null}
          </p>
          <p className="text-muted truncate text-sm">
            <span data-testid="player-profile-nickname">{profile.nickname}</span> ·{' '}
            <Trans>ID {profile.player.playerId}</Trans>
            {profile.player.server ? ` · ${profile.player.server}` : null}
          </p>
        </div>
      )}
      {editing ? null : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={BUTTON}
            aria-label={t`Rename ${profile.label}`}
            onClick={() => setEditing(true)}
            data-testid="player-profile-rename"
          >
            <Trans>Rename</Trans>
          </button>
          {profile.isDefault ? null : (
            <button
              type="button"
              className={BUTTON}
              disabled={action.isPending}
              aria-label={t`Make ${profile.label} the default`}
              onClick={() => action.mutate(() => setDefaultProfileFn({ data: ref }))}
              data-testid="player-profile-default"
            >
              <Trans>Make default</Trans>
            </button>
          )}
          <button
            type="button"
            className={BUTTON}
            disabled={action.isPending}
            aria-label={t`Delete ${profile.label}`}
            onClick={() => action.mutate(() => deleteProfileFn({ data: ref }))}
            data-testid="player-profile-delete"
          >
            <Trans>Delete</Trans>
          </button>
        </div>
      )}
      {failed ? (
        <p className="w-full text-sm font-medium text-danger" role="alert">
          {actionErrorText(i18n, failed)}
        </p>
      ) : null}
    </li>
  )
}
