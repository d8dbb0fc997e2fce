import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Locale } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import type { ArticleView, PageView } from '~/modules/cms/content.schemas'

/**
 * The article page's body, shared by /articles/{path} and the back office's preview, so an editor
 * sees the published layout and not an approximation of it.
 */
export function ArticleBody({ article, locale }: { article: ArticleView; locale: Locale }) {
  const prefix = useLocalePrefix()
  return (
    <article
      className="mx-auto max-w-3xl px-4 py-8"
      lang={article.locale === locale ? undefined : article.locale}
      data-testid="article"
    >
      <p className="text-muted text-sm">
        <Link to="/{-$locale}/news" params={{ locale: prefix }} className="hover:underline">
          <Trans>News</Trans>
        </Link>
        {' · '}
        <time dateTime={article.publishedAt}>{article.publishedOn}</time>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">{article.title}</h1>
      {article.cover ? (
        <img
          src={article.cover}
          alt=""
          width={1200}
          height={400}
          // The article's largest paint.
          loading="eager"
          fetchPriority="high"
          className="mt-6 aspect-[3/1] w-full rounded-2xl object-cover"
        />
      ) : null}
      {/* Sanitised on the server (sanitize.server.ts) before it reaches this component. */}
      <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: article.html }} />
    </article>
  )
}

/** A stored page's body, shared by the CMS page routes and the back office's preview. */
export function PageBody({ page, locale }: { page: PageView; locale: Locale }) {
  return (
    <article
      className="mx-auto max-w-3xl px-4 py-8"
      lang={page.locale === locale ? undefined : page.locale}
      data-testid="cms-page"
    >
      <h1 className="text-3xl font-extrabold tracking-tight">{page.title}</h1>
      {/* Sanitised on the server (sanitize.server.ts) before it reaches this component. */}
      <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  )
}
