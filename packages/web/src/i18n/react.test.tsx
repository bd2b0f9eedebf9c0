import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '.';
import { Trans, useTranslation } from './react';
import i18next from './translator';

afterEach(async () => {
  await setLocale('zh-Hans');
});

function Title({ label = 'title' }: { label?: string }) {
  const { t } = useTranslation();
  return <h1 data-testid={label}>{t('common.confirm')}</h1>;
}

describe("the shop's React binding of its translator (ADR 0026, ADR 0027)", () => {
  it('shows the active language and re-renders every mounted text when it changes', async () => {
    render(<Title />);
    expect(screen.getByTestId('title').textContent).toBe(i18next.getFixedT('zh-Hans')('common.confirm'));
    await act(() => setLocale('en'));
    expect(screen.getByTestId('title').textContent).toBe(i18next.getFixedT('en')('common.confirm'));
  });

  it('reads a catalogue again once it grows, with the same t: a text added later is found', () => {
    const { t } = captureT();
    expect(t('hkTestSection.later' as never)).toBe('hkTestSection.later');
    i18next.addResourceBundle('zh-Hans', 'translation', { hkTestSection: { later: '稍后' } }, true, true);
    expect(t('hkTestSection.later' as never)).toBe('稍后');
    // The same function: effects and memos that depend on it do not run again for a grown catalogue.
    expect(captureT().t).toBe(t);
  });

  it('interpolates values and counts each time (not remembered)', () => {
    const { t } = captureT();
    const a = t('duration.day' as never, { count: 3 } as never);
    const b = t('duration.day' as never, { count: 5 } as never);
    expect([a, b]).toEqual(['3天', '5天']);
  });

  it('Trans: the catalogue tags its parts, which become the named elements with the values in them', async () => {
    await act(() => setLocale('en'));
    render(
      <p data-testid="tariff">
        <Trans
          i18nKey="goods.tariffText"
          values={{ fee: 29, flow: '30GB', voice: '100 min' }}
          components={{ content: <span data-shop-content /> }}
        />
      </p>,
    );
    const p = screen.getByTestId('tariff');
    expect(p.textContent).toBe('Monthly fee 29 yuan, including 30GB, 100 min.');
    expect([...p.querySelectorAll('[data-shop-content]')].map((e) => e.textContent)).toEqual(['30GB', '100 min']);
  });
});

/** The `t` a component gets now. */
function captureT() {
  let got: ReturnType<typeof useTranslation> | undefined;
  function Probe() {
    got = useTranslation();
    return null;
  }
  render(<Probe />);
  if (!got) throw new Error('not rendered');
  return got;
}
