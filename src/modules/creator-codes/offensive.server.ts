/**
 * "Offensive-looking" creator codes, refused when chosen or renamed (ADR 121): the obscenity
 * library's English data set with its recommended transformers (leetspeak such as "sh1t",
 * repeated letters, separators), plus a few hate terms it does not carry. Latin letters only, as
 * codes are; words of the other shop languages that are not English are left to the admins, who
 * can rename or disable any code.
 */
import { DataSet, RegExpMatcher, englishDataset, englishRecommendedTransformers, pattern } from 'obscenity'

const EXTRA = ['nazi', 'hitler', 'kkk', 'siegheil']

let matcher: RegExpMatcher | undefined

function build(): RegExpMatcher {
  const data = new DataSet<{ originalWord: string }>().addAll(englishDataset)
  for (const word of EXTRA) {
    data.addPhrase((phrase) => phrase.setMetadata({ originalWord: word }).addPattern(pattern`${word}`))
  }
  return new RegExpMatcher({ ...data.build(), ...englishRecommendedTransformers })
}

export function looksOffensive(code: string): boolean {
  matcher ??= build()
  // "fuck_you" and "fuck-you" read as words: the separators must not hide them.
  const text = code.replace(/[_-]+/g, ' ')
  return matcher.hasMatch(text) || matcher.hasMatch(code.replace(/[_-]+/g, ''))
}
