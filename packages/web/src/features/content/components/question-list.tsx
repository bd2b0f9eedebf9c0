/**
 * The FAQ (SCREENS §1 question/index): category tabs from the question_category dictionary, a keyword
 * search debounced 300 ms and the paginated entries; no match shows 没有找到相关问题 with 联系客服.
 */
import { Button, SearchBar, Tabs } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { InfiniteList } from '../../../components/infinite-list';
import { useTranslation } from '../../../i18n/react';
import { CUSTOMER_PATH, navigateTo } from '../../../platform/navigation';
import { useDictOptions } from '../../site/api/get-dict-options';
import { useDictLabel } from '../../site/dict-label';
import { listQuestions, type QuestionFilter, questionsQueryKey } from '../api/list-questions';
import './question-list.css';
import '../i18n';

export const QUESTION_DETAIL_PATH = '/pages/customer/question/detail';
export const SEARCH_DEBOUNCE_MS = 300;
const KEYWORD_MAX = 30;

/** `value`, once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function QuestionList({ initialCategory = '' }: { initialCategory?: string }) {
  const { t } = useTranslation();
  const categories = useDictOptions('question_category');
  const categoryLabel = useDictLabel('question_category');
  const [category, setCategory] = useState(initialCategory);
  const [input, setInput] = useState('');
  const keyword = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  const filter: QuestionFilter = { category: category || undefined, keyword: keyword || undefined };

  return (
    <div className="content-faq" data-testid="question-list-page">
      <div className="content-faq__filters">
        <SearchBar
          placeholder={t('content.searchPlaceholder')}
          value={input}
          onChange={setInput}
          maxLength={KEYWORD_MAX}
          data-testid="question-search"
        />
        <Tabs activeKey={category} onChange={setCategory} stretch={false}>
          <Tabs.Tab key="" title={t('content.allCategories')} />
          {categories.map((c) => (
            <Tabs.Tab key={c.value} title={categoryLabel(c.value)} />
          ))}
        </Tabs>
      </div>
      <InfiniteList
        className="content-faq__list"
        queryKey={questionsQueryKey(filter)}
        fetchPage={(page, pageSize) => listQuestions(filter, page, pageSize)}
        itemKey={(q) => q.id}
        emptyText={t('content.noResult')}
        emptyAction={
          <Button color="primary" size="small" onClick={() => navigateTo(CUSTOMER_PATH)}>
            {t('content.contactService')}
          </Button>
        }
        renderItem={(q) => (
          <button
            type="button"
            className="content-faq__item"
            onClick={() => navigateTo(QUESTION_DETAIL_PATH, { id: q.id })}
            data-shop-content
            data-testid="question-item"
          >
            <span className="content-faq__text">
              <span className="content-faq__title">{q.title}</span>
              {q.summary ? <span className="content-faq__summary">{q.summary}</span> : null}
            </span>
            <RightOutline className="content-faq__arrow" />
          </button>
        )}
      />
    </div>
  );
}
