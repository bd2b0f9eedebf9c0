/**
 * One goods in a list (home group 2, catalogue, landing pages): image, name, tags, 月租, 通用流量, 通话,
 * price and sales. A sold-out item (stock 0) stays visible and tappable, greyed with 已售罄 (SCREENS §1).
 */
import type { GoodsItem } from '@haoka/contract';
import { Tag } from 'antd-mobile';
import { formatYuan } from '../../../components/money';
import { useTranslation } from '../../../i18n/react';
import { isSoldOut } from '../sold-out';
import './goods-card.css';

export interface GoodsCardProps {
  item: GoodsItem;
  onClick?: () => void;
}

export function GoodsCard({ item, onClick }: GoodsCardProps) {
  const { t } = useTranslation();
  const soldOut = isSoldOut(item);
  const showOriginal = Number(item.originalPrice) > Number(item.price);
  return (
    <button
      type="button"
      className={`goods-card${soldOut ? ' goods-card--sold-out' : ''}`}
      onClick={onClick}
      data-testid="goods-card"
      data-goods-id={item.id}
      data-sold-out={soldOut ? '1' : '0'}
    >
      <div className="goods-card__media">
        <img className="goods-card__image" src={item.image} alt="" width={88} height={88} loading="lazy" />
        {soldOut ? <span className="goods-card__sold-out-mask">{t('goods.soldOut')}</span> : null}
      </div>
      <div className="goods-card__body">
        <div className="goods-card__name" data-shop-content>
          {item.name}
        </div>
        {item.tags.length > 0 || soldOut ? (
          <div className="goods-card__tags">
            {soldOut ? (
              <Tag color="default" fill="solid" data-testid="goods-sold-out-tag">
                {t('goods.soldOut')}
              </Tag>
            ) : null}
            {item.tags.map((tag) => (
              <Tag key={tag} color="danger" fill="outline" data-shop-content>
                {tag}
              </Tag>
            ))}
          </div>
        ) : null}
        <dl className="goods-card__specs">
          <div>
            <dt>{t('goods.monthlyFee')}</dt>
            <dd>
              {formatYuan(item.monthlyFee)}
              {t('goods.perMonth')}
            </dd>
          </div>
          <div>
            <dt>{t('goods.flow')}</dt>
            <dd data-shop-content>{item.flowText}</dd>
          </div>
          <div>
            <dt>{t('goods.voice')}</dt>
            <dd data-shop-content>{item.voiceText}</dd>
          </div>
        </dl>
        <div className="goods-card__foot">
          <span className="goods-card__price" data-testid="goods-card-price">
            {formatYuan(item.price)}
          </span>
          {showOriginal ? <s className="goods-card__original">{formatYuan(item.originalPrice)}</s> : null}
          <span className="goods-card__sales">{t('goods.sales', { count: item.sales })}</span>
        </div>
      </div>
    </button>
  );
}
