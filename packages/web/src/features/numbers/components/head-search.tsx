/**
 * HeadSearch (SCREENS §2): digits only, 1–11; 任意位置 / 尾号; 搜索. An empty keyword searches without one.
 * Recent searches (≤ 10) with 清空 show on the page version, and inline while the box has focus.
 */
import { Button, Input } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { KEYWORD_MAX_LENGTH, type KeywordPosition, sanitizeKeyword } from '../filter/number-filter';
import { addRecentSearch, clearRecentSearches, useRecentSearches } from '../recent-searches';
import { Chip } from './chip';
import './head-search.css';
import './link.css';

export interface HeadSearchProps {
  initialKeyword?: string;
  initialPosition?: KeywordPosition;
  onSearch: (keyword: string, position: KeywordPosition) => void;
  /** Page version: autofocus and the recent list always shown. */
  page?: boolean;
}

export function HeadSearch({ initialKeyword = '', initialPosition = 'any', onSearch, page = false }: HeadSearchProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(() => sanitizeKeyword(initialKeyword));
  const [position, setPosition] = useState<KeywordPosition>(initialPosition);
  const [focused, setFocused] = useState(false);
  const recent = useRecentSearches();

  const submit = (value = keyword, pos = position) => {
    const clean = sanitizeKeyword(value);
    addRecentSearch(clean);
    onSearch(clean, pos);
  };

  const showRecent = recent.length > 0 && (page || focused);
  return (
    <div className={`numbers-search${page ? ' numbers-search--page' : ''}`} data-testid="head-search">
      <form
        className="numbers-search__bar"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SearchOutline className="numbers-search__icon" />
        <Input
          className="numbers-search__input"
          value={keyword}
          onChange={(v) => setKeyword(sanitizeKeyword(v))}
          placeholder={t('vanity.search.placeholder')}
          maxLength={KEYWORD_MAX_LENGTH}
          inputMode="numeric"
          pattern="[0-9]*"
          autoFocus={page}
          clearable
          onFocus={() => setFocused(true)}
          onBlur={() => setTimeout(() => setFocused(false), 200)}
          aria-label={t('vanity.search.placeholder')}
          data-testid="head-search-input"
        />
        <Button color="primary" size="small" type="submit" data-testid="head-search-submit">
          {t('vanity.search.submit')}
        </Button>
      </form>
      <div className="numbers-search__positions" role="radiogroup">
        {(['any', 'tail'] as const).map((p) => (
          <Chip key={p} active={position === p} onClick={() => setPosition(p)} testId={`search-position-${p}`}>
            {p === 'any' ? t('vanity.search.anyPosition') : t('vanity.search.tail')}
          </Chip>
        ))}
        {page ? <span className="numbers-search__hint">{t('vanity.search.hint')}</span> : null}
      </div>
      {showRecent ? (
        <div className="numbers-search__recent" data-testid="recent-searches">
          <div className="numbers-search__recent-head">
            <span>{t('vanity.search.recent')}</span>
            <button
              type="button"
              className="numbers-link"
              onClick={() => clearRecentSearches()}
              data-testid="recent-clear"
            >
              {t('vanity.search.clear')}
            </button>
          </div>
          <div className="numbers-search__recent-list">
            {recent.map((k) => (
              <Chip
                key={k}
                onClick={() => {
                  setKeyword(k);
                  submit(k);
                }}
              >
                {k}
              </Chip>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
