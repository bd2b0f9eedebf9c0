import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCacheStore } from '../../../stores/cache';
import { HeadSearch } from './head-search';

const input = () => screen.getByTestId('head-search-input').querySelector('input') as HTMLInputElement;

describe('HeadSearch', () => {
  beforeEach(() => useCacheStore.getState().patchCache({ recentSearches: [] }));

  it('keeps digits only, at most 11', () => {
    render(<HeadSearch onSearch={() => {}} />);
    fireEvent.change(input(), { target: { value: '8a8-8 ' } });
    expect(input().value).toBe('888');
    fireEvent.change(input(), { target: { value: '1380013800099999' } });
    expect(input().value).toBe('13800138000');
  });

  it('searches with the chosen position and remembers the keyword first', () => {
    useCacheStore.getState().patchCache({ recentSearches: ['666', '888'] });
    const onSearch = vi.fn();
    render(<HeadSearch page onSearch={onSearch} />);
    fireEvent.change(input(), { target: { value: '888' } });
    fireEvent.click(screen.getByTestId('search-position-tail'));
    fireEvent.click(screen.getByTestId('head-search-submit'));
    expect(onSearch).toHaveBeenCalledWith('888', 'tail');
    expect(useCacheStore.getState().recentSearches).toEqual(['888', '666']);
  });

  it('an empty box searches without a keyword and is not remembered', () => {
    const onSearch = vi.fn();
    render(<HeadSearch onSearch={onSearch} />);
    fireEvent.click(screen.getByTestId('head-search-submit'));
    expect(onSearch).toHaveBeenCalledWith('', 'any');
    expect(useCacheStore.getState().recentSearches).toEqual([]);
  });

  it('keeps at most 10 recent searches and 清空 clears them', () => {
    useCacheStore.getState().patchCache({ recentSearches: Array.from({ length: 10 }, (_, i) => String(i)) });
    render(<HeadSearch page onSearch={() => {}} />);
    fireEvent.change(input(), { target: { value: '520' } });
    fireEvent.click(screen.getByTestId('head-search-submit'));
    const recent = useCacheStore.getState().recentSearches;
    expect(recent).toHaveLength(10);
    expect(recent[0]).toBe('520');
    expect(recent).not.toContain('9');
    fireEvent.click(screen.getByTestId('recent-clear'));
    expect(useCacheStore.getState().recentSearches).toEqual([]);
    expect(screen.queryByTestId('recent-searches')).toBeNull();
  });
});
