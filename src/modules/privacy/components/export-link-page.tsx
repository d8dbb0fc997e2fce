import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { PageShell } from '~/components/page-shell'
import { dateTimeFormat } from '~/modules/i18n/formatters'
import { localizePath, type Locale } from '~/modules/i18n/locales'
import { exportLinkQuery } from '~/modules/privacy/privacy.queries'

const LINK_BUTTON =
  'inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2'

/** The page a mailed data-file link opens (ADR 125): download once, or why the link no longer works. */
export function ExportLinkPage({ token, locale }: { token: string; locale: Locale }) {
  const { i18n } = useLingui()
  const { data } = useSuspenseQuery(exportLinkQuery(token))
  const [started, setStarted] = useState(false)
  const profile = localizePath('/user/profile', locale)
  return (
    <PageShell title={<Trans>Your data</Trans>}>
      <div className="surface space-y-4 rounded-2xl p-5" data-testid="export-link" data-state={data.state}>
        {data.state === 'ready' && !started ? (
          <>
            <p>
              <Trans>
                Your file is ready: a JSON file with everything we keep about your account. The link works once, until{' '}
                {dateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                  new Date(data.expiresAt),
                )}
                .
              </Trans>
            </p>
            <a
              href={`/api/privacy/export/${token}?locale=${locale}`}
              className={LINK_BUTTON}
              onClick={() => setStarted(true)}
              data-testid="export-download"
            >
              <Trans>Download my data</Trans>
            </a>
          </>
        ) : data.state === 'ready' ? (
          <output className="block" data-testid="export-started">
            <Trans>
              Your download has started. This link no longer works; ask for a new one on your profile if needed.
            </Trans>
          </output>
        ) : (
          <>
            <p role="alert" className="font-medium">
              {data.state === 'used' ? (
                <Trans>This link has already been used: each link works only once.</Trans>
              ) : data.state === 'expired' ? (
                <Trans>This link has expired: links work for 24 hours.</Trans>
              ) : (
                <Trans>This link is not valid. Check that you copied the whole address from the e-mail.</Trans>
              )}
            </p>
            <p>
              <Trans>
                You can ask for a new file on your{' '}
                <a href={profile} className="font-medium underline">
                  profile
                </a>
                .
              </Trans>
            </p>
          </>
        )}
      </div>
    </PageShell>
  )
}
