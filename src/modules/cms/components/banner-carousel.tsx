import { useLingui } from '@lingui/react/macro'
import { ChevronLeft } from '~/components/icons/chevron-left'
import { ChevronRight } from '~/components/icons/chevron-right'
import { useEffect, useState } from 'react'
import { localizePath } from '~/modules/i18n/locales'
import type { LinkItem } from '~/modules/cms/cms.schemas'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'

/** Scene-1 links as a rotating hero banner; keyboard and screen-reader friendly. */
export function BannerCarousel({ banners }: { banners: LinkItem[] }) {
  const { t } = useLingui()
  const prefix = useLocalePrefix()
  const [index, setIndex] = useState(0)
  useEffect(() => {
    if (banners.length < 2) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % banners.length), 6000)
    return () => clearInterval(timer)
  }, [banners.length])
  if (banners.length === 0) return null
  const current = banners[index % banners.length]!
  const href = current.url.startsWith('/') ? localizePath(current.url, prefix) : current.url
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t`Featured offers`}
      className="relative overflow-hidden rounded-2xl"
    >
      <a href={href} data-testid="banner" className="block">
        <img
          src={current.image}
          alt={current.title}
          width={1200}
          height={400}
          // The hero is the home page's largest paint: fetch it first, never lazily.
          loading="eager"
          fetchPriority="high"
          className="aspect-[3/1] w-full object-cover"
        />
      </a>
      {banners.length > 1 ? (
        <>
          <button
            type="button"
            aria-label={t`Previous banner`}
            onClick={() => setIndex((i) => (i - 1 + banners.length) % banners.length)}
            className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-black/40 p-2 text-white"
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            aria-label={t`Next banner`}
            onClick={() => setIndex((i) => (i + 1) % banners.length)}
            className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-black/40 p-2 text-white"
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
          <div className="absolute inset-x-0 bottom-1 flex justify-center gap-1">
            {banners.map((b, i) => (
              // A 24×24 touch target around a 10 px dot (WCAG 2.5.8; issue 36).
              <button
                key={b.id}
                type="button"
                aria-label={t`Show banner ${i + 1}`}
                aria-current={i === index}
                onClick={() => setIndex(i)}
                className="group flex size-6 items-center justify-center rounded-full"
              >
                <span aria-hidden className="size-2.5 rounded-full bg-white/50 group-aria-[current=true]:bg-white" />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  )
}
