import { Trans } from '@lingui/react/macro'
import { localizePath } from '~/modules/i18n/locales'
import type { GameArticleSummary } from '~/modules/cms/cms.schemas'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'

/**
 * `priority`: the list is the page's main content (the news page), so the first cover is its
 * largest paint and is fetched first. The first cover is never lazy (lazy images wait for layout),
 * also when the newest article has none: then the next one's cover is the first.
 */
export function ArticleCards({
  articles,
  loading,
  priority,
}: {
  articles?: GameArticleSummary[]
  loading?: boolean
  priority?: boolean
}) {
  const prefix = useLocalePrefix()
  if (loading) {
    return (
      <ul className="grid gap-4 sm:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="surface h-56 animate-pulse rounded-xl" />
        ))}
      </ul>
    )
  }
  if (!articles || articles.length === 0) {
    return (
      <p className="text-muted">
        <Trans>No articles yet.</Trans>
      </p>
    )
  }
  const firstCover = articles.findIndex((article) => article.cover)
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {articles.map((article, i) => (
        <li key={article.path}>
          <a
            href={localizePath(`/articles/${article.path}`, prefix)}
            lang={article.locale}
            className="surface block overflow-hidden rounded-xl hover:shadow-lg"
          >
            {article.cover ? (
              <img
                src={article.cover}
                alt=""
                width={600}
                height={400}
                loading={i === firstCover ? 'eager' : 'lazy'}
                fetchPriority={i === firstCover && priority ? 'high' : undefined}
                className="aspect-[3/2] w-full object-cover"
              />
            ) : null}
            <div className="p-4">
              <p className="text-muted text-xs">
                <time dateTime={article.publishedAt}>{article.publishedOn}</time>
              </p>
              <p className="mt-1 font-semibold">{article.title}</p>
              {article.summary ? <p className="text-muted mt-1 line-clamp-2 text-sm">{article.summary}</p> : null}
            </div>
          </a>
        </li>
      ))}
    </ul>
  )
}
