import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { Monitor } from '~/components/icons/monitor'
import { Moon } from '~/components/icons/moon'
import { Sun } from '~/components/icons/sun'
import { useMemo } from 'react'
import { useColorMode, validForcedMode, type ColorModePreference } from '~/modules/shell/color-mode'

export function ColorModeToggle() {
  const { t } = useLingui()
  const requested = useRouterState({
    select: (s) =>
      s.matches
        .map((m) => m.staticData?.colorMode)
        .filter(Boolean)
        .at(-1),
  })
  const forced = useMemo(() => validForcedMode(requested), [requested])
  const { preference, setPreference } = useColorMode(forced)
  const options: { value: ColorModePreference; label: string; Icon: typeof Sun }[] = [
    { value: 'light', label: t`Light mode`, Icon: Sun },
    { value: 'dark', label: t`Dark mode`, Icon: Moon },
    { value: 'system', label: t`System colour mode`, Icon: Monitor },
  ]
  return (
    <fieldset className="flex rounded-lg border border-[var(--border)] p-0.5">
      <legend className="sr-only">{t`Colour mode`}</legend>
      {options.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          title={label}
          aria-pressed={preference === value}
          data-testid={`color-mode-${value}`}
          disabled={forced !== undefined}
          onClick={() => setPreference(value)}
          className="rounded-md p-1 aria-pressed:bg-brand-600 sm:p-1.5 aria-pressed:text-white disabled:opacity-50"
        >
          <Icon aria-hidden className="size-4" />
        </button>
      ))}
    </fieldset>
  )
}
