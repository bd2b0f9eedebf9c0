import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PullRefresh, REFRESH_THRESHOLD } from './pull-refresh';

/**
 * The pull gesture itself is antd-mobile's (its pointer handling does not run under jsdom): stand in for
 * it and check what PullRefresh hands it — the 45 px threshold, the text of each state in the reader's
 * language, and a refresh that waits for the caller's promise.
 */
type Captured = {
  threshold?: number;
  pullingText?: string;
  canReleaseText?: string;
  refreshingText?: string;
  completeText?: string;
  onRefresh?: () => Promise<unknown>;
};
const captured: { props: Captured | null } = { props: null };

vi.mock('antd-mobile', async (importOriginal) => {
  const actual = await importOriginal<typeof import('antd-mobile')>();
  return {
    ...actual,
    PullToRefresh: (props: Captured & { children: React.ReactNode }) => {
      captured.props = props;
      return <div data-testid="ptr">{props.children}</div>;
    },
  };
});

afterEach(async () => {
  captured.props = null;
  await i18next.changeLanguage('zh-Hans');
});

describe('PullRefresh (SPEC §9: threshold 45)', () => {
  it('pulls with threshold 45 and the pulling / release / refreshing / done texts', () => {
    render(
      <PullRefresh onRefresh={async () => undefined}>
        <div data-testid="content">rows</div>
      </PullRefresh>,
    );
    expect(screen.getByTestId('content').textContent).toBe('rows');
    expect(REFRESH_THRESHOLD).toBe(45);
    expect(captured.props).toMatchObject({
      threshold: 45,
      pullingText: '下拉刷新',
      canReleaseText: '释放立即刷新',
      refreshingText: '加载中…',
      completeText: '刷新成功',
    });
  });

  it('speaks the reader’s language', async () => {
    await i18next.changeLanguage('en');
    render(
      <PullRefresh onRefresh={async () => undefined}>
        <div />
      </PullRefresh>,
    );
    expect(captured.props).toMatchObject({
      pullingText: 'Pull to refresh',
      canReleaseText: 'Release to refresh',
      refreshingText: 'Loading…',
      completeText: 'Refreshed',
    });
  });

  it('stays refreshing until the caller’s refresh settles', async () => {
    let finish: () => void = () => undefined;
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <PullRefresh onRefresh={onRefresh}>
        <div />
      </PullRefresh>,
    );
    let done = false;
    void captured.props?.onRefresh?.().then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(done).toBe(false);
    finish();
    await vi.waitFor(() => expect(done).toBe(true), { timeout: 5_000 });
  });
});
