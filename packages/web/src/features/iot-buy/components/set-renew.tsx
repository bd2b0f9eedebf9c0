/**
 * 自动续费 (SCREENS §3 setRenew): the current auto-renew package (or 未开启) and the next renewal, a radio
 * list of GET /api/iot/renewPackageOption plus 关闭自动续费, the note 到期前1天从余额扣费，余额不足将续费失败,
 * and 保存 → POST /api/iot/simUpdateRenewPackage {packageId} (0 = off). When the card has pay-as-you-go
 * (`volumePackageId` > 0) a 按量计费 section shows the data used, the money charged and the price per GB,
 * with 关闭按量 → confirm → POST /api/iot/closeVolumePackage → the settled money, and the card refreshed.
 */
import type { PackageOption, SimInfo } from '@haoka/contract';
import { Button, Dialog, List, NoticeBar, Radio } from 'antd-mobile';
import { useState } from 'react';
import { formatYuan } from '../../../components/money';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { useQueryClient } from '../../../platform/query';
import { useAction } from '../../../platform/use-action';
import { putSimInfo, useSimInfo } from '../../iot-core/api/get-sim-info';
import { refreshSim } from '../../iot-core/api/refresh-sim';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { formatFlow } from '../../iot-core/sim-display';
import { closeVolumePackage } from '../api/close-volume-package';
import { type RenewOptions, renewOptionsKey, useRenewOptions } from '../api/get-renew-package-option';
import { updateRenewPackage } from '../api/update-renew-package';
import { usePackageLabels } from './package-order-list';
import './common.css';
import './set-renew.css';
import '../i18n';

function RenewForm({ simNo, options }: { simNo: string; options: RenewOptions }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const labels = usePackageLabels();
  const [selected, setSelected] = useState<number>(options.currentPackageId);
  const current = options.list.find((p) => p.id === options.currentPackageId);
  const changed = selected !== options.currentPackageId;

  // A refusal (该套餐不支持自动续费) is told by the request wrapper.
  const saving = useAction((packageId: number) => updateRenewPackage(packageId), {
    loading: true,
    onSuccess: (answer) => {
      client.setQueryData<RenewOptions>(renewOptionsKey(simNo), (old) => (old ? { ...old, ...answer } : old));
      showToast(t(answer.currentPackageId > 0 ? 'iotBuy.renew.savedOn' : 'iotBuy.renew.savedOff'), {
        icon: 'success',
      });
    },
  });
  const save = async () => {
    if (changed) await saving.run(selected);
  };

  const describe = (p: PackageOption) =>
    [labels.flow(p), labels.duration(p.duration, p.durationUnit)].filter(Boolean).join(' · ');

  return (
    <>
      <section className="money-hero money-hero--light" data-testid="renew-current-card">
        <div className="money-hero__label">{t('iotBuy.renew.current')}</div>
        <div className="money-hero__name" data-testid="renew-current">
          {options.currentPackageId > 0 ? (current?.name ?? `#${options.currentPackageId}`) : t('iotBuy.renew.off')}
        </div>
        {options.currentPackageId > 0 && options.renewAt ? (
          <div className="money-hero__hint" data-testid="renew-at">
            {t('iotBuy.renew.renewAt', { time: options.renewAt })}
          </div>
        ) : null}
      </section>
      <List mode="card" header={t('iotBuy.renew.choose')} data-testid="renew-options">
        <Radio.Group value={selected} onChange={(v) => setSelected(Number(v))}>
          {options.list.length === 0 ? (
            <List.Item data-testid="renew-empty">{t('iotBuy.renew.emptyOptions')}</List.Item>
          ) : null}
          {options.list.map((p) => (
            <List.Item
              key={p.id}
              onClick={() => setSelected(p.id)}
              arrowIcon={false}
              description={describe(p)}
              extra={<Radio value={p.id} data-testid={`renew-option-${p.id}`} />}
            >
              <span data-shop-content className="money-renew__name">
                {p.name}
              </span>
              <strong className="money-price">{formatYuan(p.price)}</strong>
            </List.Item>
          ))}
          <List.Item
            onClick={() => setSelected(0)}
            arrowIcon={false}
            extra={<Radio value={0} data-testid="renew-option-0" />}
          >
            {t('iotBuy.renew.closeOption')}
          </List.Item>
        </Radio.Group>
      </List>
      <p className="money-note" data-testid="renew-note">
        {t('iotBuy.renew.note')}
      </p>
      <div className="money-actions">
        <Button block color="primary" disabled={!changed} onClick={() => void save()} data-testid="renew-save">
          {t('iotBuy.renew.save')}
        </Button>
      </div>
    </>
  );
}

function VolumeSection({ sim, onClosed }: { sim: SimInfo; onClosed: (settledMoney: string) => void }) {
  const { t } = useTranslation();
  const volume = sim.volume ?? { useFlow: 0, totalMoney: '0.00', gPrice: '0.00' };
  // A refusal (未开通按量计费) is told by the request wrapper.
  const closing = useAction(() => closeVolumePackage(sim.volumePackageId), {
    loading: true,
    onSuccess: (answer) => onClosed(answer.settledMoney),
  });
  const close = async () => {
    if (closing.busy) return;
    const ok = await Dialog.confirm({
      title: t('iotBuy.renew.volume.confirmTitle'),
      content: t('iotBuy.renew.volume.confirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (ok) await closing.run();
  };
  return (
    <List mode="card" header={t('iotBuy.renew.volume.title')} data-testid="renew-volume">
      <List.Item extra={<span data-testid="renew-volume-used">{formatFlow(volume.useFlow)}</span>}>
        {t('iotBuy.renew.volume.used')}
      </List.Item>
      <List.Item extra={<span data-testid="renew-volume-money">{formatYuan(volume.totalMoney)}</span>}>
        {t('iotBuy.renew.volume.deducted')}
      </List.Item>
      <List.Item
        extra={<span data-testid="renew-volume-price">{t('iotBuy.renew.volume.perGb', { price: volume.gPrice })}</span>}
      >
        {t('iotBuy.renew.volume.price')}
      </List.Item>
      <List.Item>
        <Button block color="danger" fill="outline" onClick={() => void close()} data-testid="renew-volume-close">
          {t('iotBuy.renew.volume.close')}
        </Button>
      </List.Item>
    </List>
  );
}

function SetRenewView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const renew = useRenewOptions(simNo);
  const [settled, setSettled] = useState<string | null>(null);

  const onVolumeClosed = (settledMoney: string) => {
    setSettled(settledMoney);
    showToast(t('iotBuy.renew.volume.settled', { amount: settledMoney }), { icon: 'success' });
    refreshSim(simNo, 0)
      .then(({ data }) => putSimInfo(client, simNo, data))
      .catch(() => {
        // the request wrapper told the holder why; the close itself is done
      });
  };

  return (
    <div className="money-page iot-page" data-testid="set-renew-page">
      {settled !== null ? (
        <NoticeBar
          color="success"
          wrap
          content={t('iotBuy.renew.volume.settled', { amount: settled })}
          data-testid="renew-volume-settled"
        />
      ) : null}
      <PageState
        loading={renew.isPending}
        error={renew.isError ? renew.error : undefined}
        onRetry={() => void renew.refetch()}
        skeletonRows={6}
      >
        {renew.data ? <RenewForm key={renew.dataUpdatedAt} simNo={simNo} options={renew.data} /> : null}
      </PageState>
      {sim && sim.volumePackageId > 0 && settled === null ? (
        <VolumeSection sim={sim} onClosed={onVolumeClosed} />
      ) : null}
    </div>
  );
}

export function SetRenewPage() {
  return <IotGuard>{(simNo) => <SetRenewView key={simNo} simNo={simNo} />}</IotGuard>;
}
