/** The goods detail body (SCREENS §1 goods/general): images, price and 月租, tags, 资费说明 and the rich detail. */
import type { GoodsItem } from '@haoka/contract';
import { Tag } from 'antd-mobile';
import { formatYuan } from '../../../components/money';
import { RichHtml } from '../../../components/rich-html';
import { Trans, useTranslation } from '../../../i18n/react';
import { operatorName } from '../operators';
import { isSoldOut } from '../sold-out';
import './goods-detail.css';
import { Carousel } from '../../../components/carousel';

/** SPEC §9: swiper interval 5000 ms. */

export function GoodsDetail({ goods }: { goods: GoodsItem }) {
  const { t } = useTranslation();
  const soldOut = isSoldOut(goods);
  const images = goods.images && goods.images.length > 0 ? goods.images : [goods.image];
  const showOriginal = Number(goods.originalPrice) > Number(goods.price);
  return (
    <div className={`goods-detail${soldOut ? ' goods-detail--sold-out' : ''}`} data-testid="goods-detail">
      <Carousel
        className="goods-detail__swiper"
        autoplay={images.length > 1}
        loop={images.length > 1}
        indicator={images.length > 1}
      >
        {images.map((src) => (
          <Carousel.Item key={src}>
            <img className="goods-detail__image" src={src} alt="" />
          </Carousel.Item>
        ))}
      </Carousel>
      <section className="goods-detail__head">
        <div className="goods-detail__price-row">
          <span className="goods-detail__price" data-testid="goods-detail-price">
            {formatYuan(goods.price)}
          </span>
          {showOriginal ? (
            <s className="goods-detail__original">
              {t('goods.originalPrice')} {formatYuan(goods.originalPrice)}
            </s>
          ) : null}
          <span className="goods-detail__sales">{t('goods.sales', { count: goods.sales })}</span>
        </div>
        <div className="goods-detail__fee">
          {t('goods.monthlyFee')} {formatYuan(goods.monthlyFee)}
          {t('goods.perMonth')}
        </div>
        <h1 className="goods-detail__name" data-shop-content data-testid="goods-detail-name">
          {goods.name}
        </h1>
        <div className="goods-detail__tags">
          {soldOut ? (
            <Tag color="default" fill="solid">
              {t('goods.soldOut')}
            </Tag>
          ) : null}
          <Tag color="primary" fill="outline">
            {operatorName(t, goods.operatorType)}
          </Tag>
          {goods.tags.map((tag) => (
            <Tag key={tag} color="danger" fill="outline" data-shop-content>
              {tag}
            </Tag>
          ))}
        </div>
      </section>
      <section className="goods-detail__section">
        <h2 className="goods-detail__section-title">{t('goods.tariff')}</h2>
        <dl className="goods-detail__specs">
          <div>
            <dt>{t('goods.monthlyFee')}</dt>
            <dd>
              {formatYuan(goods.monthlyFee)}
              {t('goods.perMonth')}
            </dd>
          </div>
          <div>
            <dt>{t('goods.flow')}</dt>
            <dd data-shop-content>{goods.flowText}</dd>
          </div>
          <div>
            <dt>{t('goods.voice')}</dt>
            <dd data-shop-content>{goods.voiceText}</dd>
          </div>
        </dl>
        <p className="goods-detail__tariff">
          <Trans
            i18nKey="goods.tariffText"
            values={{ fee: goods.monthlyFee, flow: goods.flowText, voice: goods.voiceText }}
            components={{ content: <span data-shop-content /> }}
          />
        </p>
      </section>
      {goods.detail ? (
        <section className="goods-detail__section">
          <h2 className="goods-detail__section-title">{t('goods.detail')}</h2>
          <RichHtml html={goods.detail} testId="goods-detail-html" />
        </section>
      ) : null}
    </div>
  );
}
