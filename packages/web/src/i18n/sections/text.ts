/** How the app joins words of its own into one line: items of a list, and clauses of a sentence. */
import { defineSection } from '../define-section';

export const text = defineSection({
  'zh-Hans': { listSeparator: '、', clauseSeparator: '，' },
  'zh-Hant': { listSeparator: '、', clauseSeparator: '，' },
  en: { listSeparator: ', ', clauseSeparator: ', ' },
  fr: { listSeparator: ', ', clauseSeparator: ', ' },
  es: { listSeparator: ', ', clauseSeparator: ', ' },
});
