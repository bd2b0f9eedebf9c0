/**
 * 精选 (SCREENS §4 single/index): banner, theme colour, blocks, a sticky CTA (ctaText → ctaPath, else the
 * first goods) and the popup.
 */
import { isUrl, type SinglePage } from '@haoka/contract';
import { Button } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { navigateTo } from '../../../platform/navigation';
import { useLandingPage } from '../use-landing-page';
import { GOODS_DETAIL_PATH, LandingBlocks } from './landing-blocks';
import { LandingPopup } from './landing-popup';
import './single.css';

export const SINGLE_INDEX_PAGE = '/pages-sub/single/index';
const WEBVIEW_PATH = '/pages/webview/index';

/** Where the CTA goes: its own path (in-app, or a web page in the web view), else the first goods. */
export function ctaTarget(page: Pick<SinglePage, 'ctaPath' | 'goods' | 'blocks'>): (() => void) | null {
  const path = page.ctaPath.trim();
  if (path) {
    if (isUrl(path)) return () => navigateTo(WEBVIEW_PATH, { url: path });
    return () => navigateTo(path.startsWith('/') ? path : `/${path}`);
  }
  const first = page.goods[0] ?? page.blocks.flatMap((b) => (b.type === 'goods' ? b.goods : []))[0] ?? null;
  return first ? () => navigateTo(GOODS_DETAIL_PATH, { goodsId: first.id }) : null;
}

export const themeStyle = (theme: string) => ({ '--single-theme': theme }) as CSSProperties;

export function SinglePageView({ pageCode }: { pageCode: string }) {
  const { t } = useTranslation();
  const { query, missing } = useLandingPage(pageCode, SINGLE_INDEX_PAGE);
  const page = query.data;
  const cta = page ? ctaTarget(page) : null;
  return (
    <PageState
      loading={!missing && query.isPending}
      error={missing ? undefined : query.error}
      onRetry={() => void query.refetch()}
      skeletonRows={8}
    >
      {page ? (
        <div className="single-page" style={themeStyle(page.theme)} data-testid="single-page">
          {page.banner ? (
            <img className="single-page__banner" src={page.banner} alt={page.title} data-testid="single-banner" />
          ) : null}
          <LandingBlocks blocks={page.blocks} />
          {cta ? (
            <div className="single-cta">
              <Button
                block
                shape="rounded"
                size="large"
                className="single-cta__button"
                onClick={cta}
                data-testid="single-cta"
              >
                {page.ctaText || t('single.cta')}
              </Button>
            </div>
          ) : null}
          <LandingPopup pageCode={pageCode} popup={page.popup} />
        </div>
      ) : null}
    </PageState>
  );
}
