import { Trans, useLingui } from '@lingui/react/macro'
import { CircleHelp } from '~/components/icons/circle-question-mark'

/**
 * "Where is my player ID?": short steps and a drawn profile screen with the game's example ID
 * highlighted, beside the field (a collapsed <details>, so it works before the page hydrates).
 */
export function PlayerIdHelp({ gameName, example }: { gameName: string; example?: string }) {
  const { t } = useLingui()
  const shown = example ?? '123456789'
  return (
    <details className="mt-2 text-sm" data-testid="player-id-help">
      <summary className="inline-flex cursor-pointer items-center gap-1 font-medium text-link">
        <CircleHelp aria-hidden className="size-4" />
        <Trans>Where is my player ID?</Trans>
      </summary>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
        <svg
          viewBox="0 0 220 130"
          width="220"
          height="130"
          role="img"
          aria-label={t`A game's profile screen: the player ID is the number under the player name.`}
          className="shrink-0 rounded-lg"
        >
          <rect width="220" height="130" rx="10" fill="#1e1b4b" />
          <rect x="10" y="10" width="200" height="26" rx="6" fill="#312e81" />
          <text x="20" y="28" fontFamily="system-ui, sans-serif" fontSize="12" fontWeight="700" fill="#e0e7ff">
            {gameName}
          </text>
          <circle cx="40" cy="72" r="18" fill="#6366f1" />
          <circle cx="40" cy="66" r="7" fill="#e0e7ff" />
          <path d="M27 84c4-8 22-8 26 0" fill="#e0e7ff" />
          <rect x="68" y="56" width="80" height="9" rx="4" fill="#a5b4fc" />
          <rect x="64" y="72" width="140" height="24" rx="6" fill="#fde68a" stroke="#f59e0b" strokeWidth="2" />
          <text x="72" y="89" fontFamily="ui-monospace, monospace" fontSize="13" fontWeight="700" fill="#78350f">
            ID {shown}
          </text>
          <rect x="10" y="106" width="60" height="14" rx="5" fill="#312e81" />
          <rect x="80" y="106" width="60" height="14" rx="5" fill="#312e81" />
          <rect x="150" y="106" width="60" height="14" rx="5" fill="#312e81" />
        </svg>
        <ol className="list-decimal space-y-1 pl-5">
          <li>
            <Trans>Open {gameName} and sign in to your account.</Trans>
          </li>
          <li>
            <Trans>Tap your avatar or profile picture, usually in the top-left corner.</Trans>
          </li>
          <li>
            <Trans>
              Copy the number next to “ID” under your name, for example <code className="font-mono">{shown}</code>.
            </Trans>
          </li>
        </ol>
      </div>
    </details>
  )
}
