/** schema.org Article for an article page. */
import { BRAND } from '~/modules/shell/head'
import type { ArticleView } from './content.schemas'

export function articleJsonLd(article: ArticleView, pageUrl: string, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.summary,
    inLanguage: article.locale,
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    ...(article.cover ? { image: origin + article.cover } : {}),
    mainEntityOfPage: pageUrl,
    publisher: { '@type': 'Organization', name: BRAND },
  }
}
