import { useLingui } from '@lingui/react/macro'
import { ArrowUp } from '~/components/icons/arrow-up'
import { useEffect, useState } from 'react'

/** SPEC §2/§9: bottom offset 130, right offset 10 on mobile and 20 otherwise. */
export const BACK_TO_TOP_OFFSETS = { bottom: 130, rightMobile: 10, right: 20 } as const

export function BackToTop() {
  const { t } = useLingui()
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 400)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  if (!visible) return null
  return (
    <button
      type="button"
      data-testid="back-to-top"
      aria-label={t`Back to top`}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      style={{ bottom: BACK_TO_TOP_OFFSETS.bottom }}
      className="fixed right-[10px] z-40 rounded-full bg-brand-600 p-3 text-white shadow-lg hover:bg-brand-700 sm:right-[20px]"
    >
      <ArrowUp aria-hidden className="size-5" />
    </button>
  )
}
