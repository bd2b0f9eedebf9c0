/**
 * 轮播 (SCREENS §4 user/carousel). As a block of 我的: a swiper of simLayout.user.carousels turning every
 * 5000 ms, hidden when there are none. As a direct route: every image in a vertical list, 暂无内容 when
 * there are none. A tap opens the image's internal route, or its http URL in the web view.
 */
import type { SimLayout } from '@haoka/contract';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { IotTabBar } from '../../iot-core/components/iot-tab-bar';
import { LayoutCarousel } from '../../iot-core/components/layout-carousel';
import { openLayoutPath } from '../../iot-core/components/menu-grid';
import { useSimInfoOnShow } from '../api/use-sim-info-on-show';
import './user-carousel.css';
import '../i18n';

type Carousels = SimLayout['user']['carousels'];

export function UserCarousel({ carousels }: { carousels: Carousels }) {
  return <LayoutCarousel carousels={carousels} testId="user-carousel" imageTestId="user-carousel-image" />;
}

function CarouselView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const info = useSimInfoOnShow(simNo);
  const { sim } = info;
  const carousels = sim?.simLayout.user.carousels ?? [];
  return (
    <div className="iot-user iot-page" data-testid="user-carousel-page">
      <PageState
        loading={!sim && info.isPending}
        error={!sim && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
        empty={carousels.length === 0}
        emptyText={t('iotUser.carousel.empty')}
      >
        <div className="iot-user-carousel-list">
          {carousels.map((c, index) => (
            <button
              type="button"
              key={`${c.image}|${c.path}`}
              className="iot-user-carousel-list__item"
              onClick={() => openLayoutPath(c.path)}
              data-testid="user-carousel-item"
            >
              <img
                className="iot-user-carousel-list__image"
                src={c.image}
                alt={t('a11y.banner', { index: index + 1, count: carousels.length })}
              />
            </button>
          ))}
        </div>
      </PageState>
      {sim ? <IotTabBar tabBar={sim.simLayout.tabBar} /> : null}
    </div>
  );
}

export function UserCarouselPage() {
  return <IotGuard>{(simNo) => <CarouselView key={simNo} simNo={simNo} />}</IotGuard>;
}
