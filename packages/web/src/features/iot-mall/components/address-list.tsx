/**
 * 收货地址 (SCREENS §4 details/selectAddress): the card's addresses (name, mobile, region + detail, 默认),
 * the default first. Opened from 确认订单 (mini-user `selectAddressBackPath` set), a tap picks the address
 * (`iotSimAddressId`) and goes back there; opened to manage, a tap edits it. Swipe (or the links below
 * each card) for 编辑 / 删除, and 设为默认. 新增地址 → the edit page, up to 20. Empty: 暂无收货地址.
 */
import { MAX_SIM_ADDRESSES, type SimAddress } from '@haoka/contract';
import { Button, SwipeAction, Tag } from 'antd-mobile';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showModal, showToast } from '../../../platform/feedback';
import { goBack, navigateTo, navigateUrl } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { useAction } from '../../../platform/use-action';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { hasHistory, pickAddress, setAddressBackPath, useAddressBackPath, usePickedAddressId } from '../address-choice';
import { deleteSimAddress } from '../api/delete-sim-address';
import { simAddressesKey, useSimAddresses } from '../api/list-sim-addresses';
import { setDefaultSimAddress } from '../api/set-default-sim-address';
import { chosenAddress } from '../mall-rules';
import { ADDRESS_EDIT_PATH } from '../paths';
import './common.css';
import './address-list.css';
import '../i18n';

export function formatAddress(a: Pick<SimAddress, 'provinceName' | 'cityName' | 'countyName' | 'detail'>): string {
  return [a.provinceName, a.cityName, a.countyName, a.detail].filter(Boolean).join(' ');
}

function AddressListView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const addresses = useSimAddresses(simNo);
  const backPath = useAddressBackPath();
  const pickedId = usePickedAddressId();
  const list = addresses.data ?? [];
  const picked = backPath ? chosenAddress(list, pickedId) : undefined;
  const full = list.length >= MAX_SIM_ADDRESSES;

  const refresh = () => client.invalidateQueries({ queryKey: simAddressesKey(simNo) });
  const edit = (id?: number) => navigateTo(ADDRESS_EDIT_PATH, { id });

  const choose = (address: SimAddress) => {
    if (!backPath) {
      edit(address.id);
      return;
    }
    pickAddress(address.id);
    setAddressBackPath('');
    // Back to the page that asked, which is the previous entry unless this page was opened directly.
    if (hasHistory()) goBack();
    else navigateUrl(backPath, true);
  };

  // Refusals are told by the request wrapper.
  const removing = useAction((id: number) => deleteSimAddress(id), {
    loading: true,
    onSuccess: async () => {
      showToast(t('iotMall.address.deleted'), { icon: 'success' });
      await refresh();
    },
  });
  const defaulting = useAction((id: number) => setDefaultSimAddress(id), {
    loading: true,
    onSuccess: async () => {
      showToast(t('iotMall.address.defaultSet'), { icon: 'success' });
      await refresh();
    },
  });

  const remove = async (address: SimAddress) => {
    if (await showModal({ content: t('iotMall.address.deleteConfirm') })) await removing.run(address.id);
  };

  const makeDefault = (address: SimAddress) => defaulting.run(address.id);

  const add = () => {
    if (full) {
      showToast(t('iotMall.address.limitReached'));
      return;
    }
    edit();
  };

  return (
    <div className="mall-page" data-testid="address-page">
      <PageState
        loading={addresses.isPending}
        error={addresses.isError ? addresses.error : undefined}
        onRetry={() => void addresses.refetch()}
        empty={addresses.isSuccess && list.length === 0}
        emptyText={t('iotMall.address.empty')}
        skeletonRows={6}
      >
        <div data-testid="address-list">
          {list.map((a) => (
            <SwipeAction
              key={a.id}
              rightActions={[
                { key: 'edit', text: t('iotMall.address.edit'), color: 'light', onClick: () => edit(a.id) },
                { key: 'delete', text: t('iotMall.address.delete'), color: 'danger', onClick: () => void remove(a) },
              ]}
            >
              <div
                className={`mall-address${picked?.id === a.id ? ' mall-address--picked' : ''}`}
                data-testid={`address-${a.id}`}
              >
                <button
                  type="button"
                  className="mall-address__pick"
                  onClick={() => choose(a)}
                  data-testid="address-pick"
                >
                  <div className="mall-address__who">
                    {a.name}
                    <span>{a.mobile}</span>
                  </div>
                  <div className="mall-address__where">{formatAddress(a)}</div>
                </button>
                <div className="mall-address__tools">
                  {a.isDefault === 1 ? (
                    <Tag color="danger" fill="outline" data-testid="address-default">
                      {t('iotMall.address.isDefault')}
                    </Tag>
                  ) : (
                    <button
                      type="button"
                      className="mall-link"
                      onClick={() => void makeDefault(a)}
                      data-testid="address-set-default"
                    >
                      {t('iotMall.address.setDefault')}
                    </button>
                  )}
                  <span className="mall-actions">
                    <button type="button" onClick={() => edit(a.id)} data-testid="address-edit">
                      {t('iotMall.address.edit')}
                    </button>
                    <button type="button" onClick={() => void remove(a)} data-testid="address-delete">
                      {t('iotMall.address.delete')}
                    </button>
                  </span>
                </div>
              </div>
            </SwipeAction>
          ))}
        </div>
      </PageState>
      <div className="mall-bar">
        <span className="mall-bar__info">{t('iotMall.address.max', { count: MAX_SIM_ADDRESSES })}</span>
        <Button color="danger" shape="rounded" disabled={full} onClick={add} data-testid="address-add">
          {t('iotMall.address.add')}
        </Button>
      </div>
    </div>
  );
}

export function AddressListPage() {
  return <IotGuard>{(simNo) => <AddressListView key={simNo} simNo={simNo} />}</IotGuard>;
}
