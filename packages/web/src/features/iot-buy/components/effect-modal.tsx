/**
 * 生效方式 (SCREENS §3 package/details/EffectModal): as a bottom popup of 套餐订单, a radio of 立即生效 (1),
 * 次月生效 (2) and 到期续接 (3, after the current package's end date); only the package's effectTypes can
 * be chosen; 确定 returns the choice. As a direct route, a page that explains the three modes with the
 * current package's end date from simInfo, and 返回.
 */
import { EffectType, type EffectType as EffectTypeValue } from '@haoka/contract';
import { Button, List, Popup, Radio } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { goBack } from '../../../platform/navigation';
import { useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { useDictLabel } from '../../site/dict-label';
import { dayOf } from '../package-rules';
import './common.css';
import './effect-modal.css';
import '../i18n';

export const EFFECT_TYPES: readonly EffectTypeValue[] = [
  EffectType.NOW,
  EffectType.NEXT_MONTH,
  EffectType.AFTER_CURRENT,
];

/** Name of an effect type (dictionary `effect_type`: 立即生效 / 次月生效 / 到期续接). */
export function useEffectName(): (type: number) => string {
  const label = useDictLabel('effect_type');
  return (type) => (type === 1 || type === 2 || type === 3 ? label(type) : '');
}

/** What an effect type does, for a package of `packageType` (base replaces, add-on stacks). */
function useEffectDescription(): (type: number, packageType: number | null, endAt: string | null) => string {
  const { t } = useTranslation();
  return (type, packageType, endAt) => {
    if (type === EffectType.NOW) {
      return packageType === 2 ? t('iotBuy.effect.d1AddOn') : t('iotBuy.effect.d1Base');
    }
    if (type === EffectType.NEXT_MONTH) return t('iotBuy.effect.d2');
    return endAt ? t('iotBuy.effect.d3At', { date: dayOf(endAt) }) : t('iotBuy.effect.d3');
  };
}

export interface EffectPopupProps {
  visible: boolean;
  value: number;
  /** The types the package allows; the others are shown disabled. */
  effectTypes: readonly number[];
  packageType: number;
  /** End of the current package (到期续接 starts after it). */
  currentEndAt: string | null;
  onClose: () => void;
  onConfirm: (type: number) => void;
}

export function EffectPopup({
  visible,
  value,
  effectTypes,
  packageType,
  currentEndAt,
  onClose,
  onConfirm,
}: EffectPopupProps) {
  const { t } = useTranslation();
  const name = useEffectName();
  const describe = useEffectDescription();
  const [chosen, setChosen] = useState(value);
  useEffect(() => {
    if (visible) setChosen(value);
  }, [visible, value]);

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="pkg-popup" destroyOnClose>
      <div className="pkg-popup__title">{t('iotBuy.effect.title')}</div>
      <Radio.Group value={chosen} onChange={(v) => setChosen(Number(v))}>
        <List className="pkg-popup__list" data-testid="effect-options">
          {EFFECT_TYPES.map((type) => {
            const allowed = effectTypes.includes(type);
            return (
              <List.Item
                key={type}
                disabled={!allowed}
                onClick={allowed ? () => setChosen(type) : undefined}
                description={
                  <span data-testid={`effect-desc-${type}`}>
                    {allowed ? describe(type, packageType, currentEndAt) : t('iotBuy.effect.unavailable')}
                  </span>
                }
                extra={<Radio value={type} disabled={!allowed} data-testid={`effect-option-${type}`} />}
              >
                {name(type)}
              </List.Item>
            );
          })}
        </List>
      </Radio.Group>
      <div className="pkg-popup__actions">
        <Button
          block
          color="primary"
          disabled={!effectTypes.includes(chosen)}
          onClick={() => onConfirm(chosen)}
          data-testid="effect-confirm"
        >
          {t('iotBuy.effect.confirm')}
        </Button>
      </div>
    </Popup>
  );
}

function EffectModalView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const name = useEffectName();
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const endAt = sim?.endAt ?? null;
  return (
    <div className="pkg-effect-page iot-page" data-testid="effect-page">
      <PageState
        loading={!sim && info.isPending}
        error={!sim && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
      >
        <p className="pkg-effect-page__intro">{t('iotBuy.effect.pageIntro')}</p>
        <List mode="card" data-testid="effect-modes">
          <List.Item
            description={
              <>
                <div>{t('iotBuy.effect.d1Base')}</div>
                <div>{t('iotBuy.effect.d1AddOn')}</div>
              </>
            }
          >
            {name(1)}
          </List.Item>
          <List.Item description={t('iotBuy.effect.d2')}>{name(2)}</List.Item>
          <List.Item description={t('iotBuy.effect.d3')}>{name(3)}</List.Item>
        </List>
        <List mode="card">
          <List.Item
            extra={<span data-testid="effect-current-end">{endAt ? dayOf(endAt) : t('iotBuy.effect.noCurrent')}</span>}
          >
            {t('iotBuy.effect.currentEnd')}
          </List.Item>
        </List>
        <div className="pkg-page-actions">
          <Button block fill="outline" onClick={goBack} data-testid="effect-back">
            {t('iotBuy.effect.back')}
          </Button>
        </div>
      </PageState>
    </div>
  );
}

/** The direct route /pages/iot/index/package/details/EffectModal/index. */
export function EffectModalPage() {
  return <IotGuard>{(simNo) => <EffectModalView key={simNo} simNo={simNo} />}</IotGuard>;
}
