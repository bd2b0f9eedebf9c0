/** The flow ring and the card's money (SCREENS §3 卡片首页): used/total, 剩余, 有效期, remaining time, balance. */
import type { SimInfo } from '@haoka/contract';
import { ProgressCircle, Tag } from 'antd-mobile';
import { formatDuration } from '../../../components/duration';
import { useTranslation } from '../../../i18n/react';
import { flowRing, formatFlow, isArrears, surplusLabel } from '../sim-display';
import './flow-card.css';
import '../i18n';

export function FlowCard({ sim }: { sim: SimInfo }) {
  const { t } = useTranslation();
  const ring = flowRing(sim);
  const surplus = surplusLabel(sim);
  return (
    <section className="iot-flow" data-testid="iot-flow">
      <div className="iot-flow__ring" data-testid="iot-flow-ring" data-percent={ring.percent}>
        <ProgressCircle percent={ring.percent} style={{ '--size': '120px', '--track-width': '8px' }}>
          {/* Used over total on two lines, so the longest figures (97656.25GB) stay inside the ring. */}
          <div className="iot-flow__ring-text">
            <span className="iot-flow__used" data-testid="iot-flow-used">
              <span className="iot-flow__amount">{formatFlow(sim.useFlow)}</span>
              {ring.unlimited ? null : <span className="iot-flow__total">/{formatFlow(sim.totalFlow)}</span>}
            </span>
            <span className="iot-flow__caption">{t('iotCore.home.used')}</span>
          </div>
        </ProgressCircle>
      </div>
      <dl className="iot-flow__facts">
        <div>
          <dt>{t('iotCore.home.surplus')}</dt>
          <dd data-testid="iot-flow-surplus">
            {ring.unlimited ? t('iotCore.home.unlimited') : formatFlow(sim.surplusFlow)}
          </dd>
        </div>
        <div>
          <dt>{t('iotCore.home.endAt')}</dt>
          <dd data-testid="iot-end-at">{sim.endAt ? sim.endAt.slice(0, 10) : '—'}</dd>
        </div>
        <div>
          <dt>{t('iotCore.home.remaining')}</dt>
          <dd data-testid="iot-surplus-time">
            {surplus.kind === 'lifetime' ? (
              <>
                <Tag color="warning" fill="solid" data-testid="iot-lifetime-tag">
                  {t('duration.lifetime')}
                </Tag>{' '}
                {t('duration.longTerm')}
              </>
            ) : (
              formatDuration(t, surplus)
            )}
          </dd>
        </div>
      </dl>
      <div className="iot-assets">
        <div className="iot-assets__item">
          <strong data-testid="iot-balance">¥{sim.balance}</strong>
          <span>{t('iotCore.home.balance')}</span>
          {isArrears(sim.arrearsBalance) ? (
            <span className="iot-assets__arrears" data-testid="iot-arrears">
              {t('iotCore.home.arrears', { amount: sim.arrearsBalance })}
            </span>
          ) : null}
        </div>
        <div className="iot-assets__item">
          <strong data-testid="iot-integral">{sim.integral}</strong>
          <span>{t('iotCore.home.integral')}</span>
        </div>
        <div className="iot-assets__item">
          <strong data-testid="iot-coupon-coin">{sim.couponCoin}</strong>
          <span>{t('iotCore.home.couponCoin')}</span>
        </div>
      </div>
    </section>
  );
}
