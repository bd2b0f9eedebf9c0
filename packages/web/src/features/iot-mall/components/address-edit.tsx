/**
 * 编辑地址 (SCREENS §4 details/selectAddress/edit), `?id=` to edit, none to add: 收货人 (2–20), 手机号
 * (11 digits starting 1), 所在地区 (province / city / county cascade from /provinces/{code}.json), 详细地址
 * (5–100), 设为默认. 保存 → POST /api/iot/setSimAddress (region names come from the codes on the server);
 * 删除 (edit only) → POST /api/iot/delSimAddress. Both go back (to the list, or to 确认订单 for a first
 * address added from there).
 */
import { MOBILE_RE, PERSON_NAME_RE, type SimAddress } from '@haoka/contract';
import { Button, Input, List, Switch, TextArea } from 'antd-mobile';
import { useId, useState } from 'react';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showModal, showToast } from '../../../platform/feedback';
import { goBack, redirectTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { useAction } from '../../../platform/use-action';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { RegionField } from '../../regions/components/region-field';
import type { RegionValue } from '../../regions/region-value';
import { hasHistory } from '../address-choice';
import { deleteSimAddress } from '../api/delete-sim-address';
import { simAddressesKey, useSimAddresses } from '../api/list-sim-addresses';
import { type SaveSimAddressBody, saveSimAddress } from '../api/save-sim-address';
import { idOf } from '../mall-rules';
import { ADDRESS_LIST_PATH } from '../paths';
import './common.css';
import '../i18n';

const DETAIL_MIN = 5;
const DETAIL_MAX = 100;
const NAME_MAX = 20;

export interface AddressForm {
  name: string;
  mobile: string;
  region: RegionValue | null;
  detail: string;
  isDefault: boolean;
}

/** The first problem of the form as a catalogue key, or null when it can be saved. */
export function addressProblem(form: AddressForm) {
  if (!PERSON_NAME_RE.test(form.name.trim())) return 'iotMall.edit.nameInvalid' as const;
  if (!MOBILE_RE.test(form.mobile.trim())) return 'iotMall.edit.mobileInvalid' as const;
  if (!form.region?.provinceCode || !form.region.cityCode || !form.region.countyCode) {
    return 'iotMall.edit.regionRequired' as const;
  }
  const detail = form.detail.trim();
  if (detail.length < DETAIL_MIN || detail.length > DETAIL_MAX) return 'iotMall.edit.detailInvalid' as const;
  return null;
}

function formOf(address: SimAddress | undefined): AddressForm {
  if (!address) return { name: '', mobile: '', region: null, detail: '', isDefault: false };
  return {
    name: address.name,
    mobile: address.mobile,
    region: {
      provinceCode: address.provinceCode,
      provinceName: address.provinceName,
      cityCode: address.cityCode,
      cityName: address.cityName,
      countyCode: address.countyCode,
      countyName: address.countyName,
    },
    detail: address.detail,
    isDefault: address.isDefault === 1,
  };
}

function leave(): void {
  if (hasHistory()) goBack();
  else redirectTo(ADDRESS_LIST_PATH);
}

function EditForm({ simNo, address }: { simNo: string; address: SimAddress | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form, setForm] = useState<AddressForm>(() => formOf(address));
  const detailId = useId();
  const set = <K extends keyof AddressForm>(key: K, value: AddressForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  /** Saved or deleted: told, the list read again, and back. Refusals (上限, 地区编码无效) are the wrapper's. */
  const done = (text: string) => async () => {
    showToast(text, { icon: 'success' });
    await client.invalidateQueries({ queryKey: simAddressesKey(simNo) });
    leave();
  };
  const saving = useAction((body: SaveSimAddressBody) => saveSimAddress(body), {
    loading: true,
    onSuccess: done(t('iotMall.edit.saved')),
  });
  const removing = useAction((id: number) => deleteSimAddress(id), {
    loading: true,
    onSuccess: done(t('iotMall.address.deleted')),
  });
  const busy = saving.busy || removing.busy;

  const save = async () => {
    if (busy) return;
    const problem = addressProblem(form);
    if (problem) {
      showToast(t(problem));
      return;
    }
    const region = form.region as RegionValue;
    await saving.run({
      ...(address ? { id: address.id } : {}),
      name: form.name.trim(),
      mobile: form.mobile.trim(),
      provinceCode: region.provinceCode,
      cityCode: region.cityCode,
      countyCode: region.countyCode,
      detail: form.detail.trim(),
      isDefault: form.isDefault ? 1 : 0,
    });
  };

  const remove = async () => {
    if (!address || busy) return;
    if (await showModal({ content: t('iotMall.address.deleteConfirm') })) await removing.run(address.id);
  };

  return (
    <div className="mall-page mall-edit" data-testid="address-edit-page">
      <List mode="card">
        <List.Item title={t('iotMall.edit.name')}>
          <Input
            value={form.name}
            onChange={(v) => set('name', v)}
            maxLength={NAME_MAX}
            placeholder={t('iotMall.edit.namePlaceholder')}
            aria-label={t('iotMall.edit.name')}
            data-testid="address-name"
          />
        </List.Item>
        <List.Item title={t('iotMall.edit.mobile')}>
          <Input
            value={form.mobile}
            onChange={(v) => set('mobile', v.replace(/\D/g, '').slice(0, 11))}
            type="tel"
            placeholder={t('iotMall.edit.mobilePlaceholder')}
            aria-label={t('iotMall.edit.mobile')}
            data-testid="address-mobile"
          />
        </List.Item>
        <List.Item title={t('iotMall.edit.region')}>
          <RegionField value={form.region} onChange={(v) => set('region', v)} label={t('iotMall.edit.region')} />
        </List.Item>
        <List.Item title={<label htmlFor={detailId}>{t('iotMall.edit.detail')}</label>}>
          <TextArea
            value={form.detail}
            onChange={(v) => set('detail', v)}
            maxLength={DETAIL_MAX}
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={t('iotMall.edit.detailPlaceholder')}
            id={detailId}
            data-testid="address-detail"
          />
        </List.Item>
        <List.Item
          extra={
            <Switch
              checked={form.isDefault || address?.isDefault === 1}
              disabled={address?.isDefault === 1}
              onChange={(v) => set('isDefault', v)}
              data-testid="address-default-switch"
            />
          }
        >
          {t('iotMall.edit.isDefault')}
        </List.Item>
      </List>
      <div className="mall-block mall-result__actions">
        <Button block color="danger" size="large" onClick={() => void save()} data-testid="address-save">
          {t('iotMall.edit.save')}
        </Button>
        {address ? (
          <Button block fill="outline" onClick={() => void remove()} data-testid="address-remove">
            {t('iotMall.edit.delete')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function EditView({ simNo, id }: { simNo: string; id: number | null }) {
  const { t } = useTranslation();
  const addresses = useSimAddresses(simNo, id !== null);
  if (id === null) return <EditForm simNo={simNo} address={undefined} />;
  const address = addresses.data?.find((a) => a.id === id);
  return (
    <PageState
      loading={addresses.isPending}
      error={addresses.isError ? addresses.error : undefined}
      onRetry={() => void addresses.refetch()}
      skeletonRows={6}
    >
      {addresses.data && !address ? (
        <ErrorBlock status="empty" title={t('iotMall.edit.missing')} description="" data-testid="address-missing" />
      ) : null}
      {address ? <EditForm simNo={simNo} address={address} /> : null}
    </PageState>
  );
}

export function AddressEditPage() {
  const query = usePageQuery();
  const id = idOf(query.id);
  return <IotGuard>{(simNo) => <EditView key={`${simNo}:${id}`} simNo={simNo} id={id} />}</IotGuard>;
}
