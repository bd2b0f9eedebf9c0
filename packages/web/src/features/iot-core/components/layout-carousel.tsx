/**
 * A card layout's carousel (simLayout carousels, SCREENS §3 and the IoT 我的): each slide is a button to
 * its path, named for assistive technology by its place (the layout gives a picture and a path, no title).
 */
import type { SimLayout } from '@haoka/contract';
import { Carousel } from '../../../components/carousel';
import { useTranslation } from '../../../i18n/react';
import { openLayoutPath } from './menu-grid';
import './layout-carousel.css';

export function LayoutCarousel({
  carousels,
  testId,
  imageTestId,
}: {
  carousels: SimLayout['carousels'];
  testId: string;
  imageTestId?: string;
}) {
  const { t } = useTranslation();
  if (carousels.length === 0) return null;
  return (
    <Carousel autoplay loop={carousels.length > 1} className="iot-carousel" data-testid={testId}>
      {carousels.map((c, index) => (
        <Carousel.Item key={`${c.image}|${c.path}`}>
          <button type="button" className="iot-carousel__item" onClick={() => openLayoutPath(c.path)}>
            <img
              className="iot-carousel__image"
              src={c.image}
              alt={t('a11y.banner', { index: index + 1, count: carousels.length })}
              data-testid={imageTestId}
            />
          </button>
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
