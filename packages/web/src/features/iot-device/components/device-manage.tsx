/**
 * 设备管理 (SCREENS §4 deviceManage): the device number (copy), online tag, connections and the Wi-Fi
 * entries of `simInfo.device` (2.4G always, 5G only when its name and password are both set), each with
 * name, masked password (显示/复制), 加密, 隐藏WiFi and WiFi开关. 隐藏WiFi, 重启设备, 关机 and 恢复出厂
 * confirm first (恢复出厂 twice, the second time by typing 确认), then send the command and toast
 * 指令已下发，约1分钟生效 (offline: 设备离线，指令将在设备上线后执行). A changed entry reads 修改中 until the
 * next card refresh. WiFi开关 is shown as the device reports it: there is no command to switch it.
 */
import type { DeviceInfo, SimInfo } from '@haoka/contract';
import { Button, Dialog, Input, List, NoticeBar, Switch, Tag } from 'antd-mobile';
import { RedoOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { showToast } from '../../../platform/feedback';
import { IOT_HOME_PATH, navigateTo, redirectTo } from '../../../platform/navigation';
import { useAction } from '../../../platform/use-action';
import { useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { useCardRefresh } from '../../iot-realname/use-card-refresh';
import { closeDevice, type DeviceTask, resetDevice, restartDevice, setWifiDisplay } from '../api/device-commands';
import { type PendingMark, usePending, usePendingMarks } from '../pending-marks';
import { maskPassword, type WifiEntry, wifiEntries } from '../wifi-rules';
import './common.css';
import './device-manage.css';
import '../i18n';

export const SET_SSID_PWD_PATH = '/pages-sub/iot/deviceManage/setSsidPwd/index';

/** Toasts how a sent command goes and marks what it changes as 修改中. */
export function useCommandSent(simNo: string) {
  const { t } = useTranslation();
  const mark = usePendingMarks((s) => s.mark);
  return (task: DeviceTask, marks: PendingMark[]) => {
    mark(simNo, marks);
    showToast(task.queued ? t('iotDevice.queued') : t('iotDevice.sent'), { icon: 'success' });
  };
}

/** 0 open, 1 WPA2-PSK, 2 WPA/WPA2; an unknown value reads as WPA2-PSK. */
const encryptKey = (n: number): 0 | 1 | 2 => (n === 0 || n === 2 ? n : 1);

function WifiItem({
  entry,
  changing,
  onHide,
}: {
  entry: WifiEntry;
  changing: boolean;
  onHide: (entry: WifiEntry, hide: boolean) => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const open = entry.wifiPass === '';
  return (
    <List
      mode="card"
      header={
        <span className="iot-device-band">
          {t(`iotDevice.wifi.band${entry.wifiType}`)}
          {changing ? (
            <Tag color="warning" data-testid="wifi-changing">
              {t('iotDevice.wifi.changing')}
            </Tag>
          ) : null}
        </span>
      }
      data-testid="wifi-entry"
      data-wifi-type={entry.wifiType}
    >
      <List.Item extra={<span data-testid="wifi-name">{entry.wifiName}</span>}>{t('iotDevice.wifi.name')}</List.Item>
      <List.Item
        extra={
          open ? (
            <span data-testid="wifi-pass">{t('iotDevice.wifi.noPassword')}</span>
          ) : (
            <span className="iot-device-pass">
              <span data-testid="wifi-pass">{shown ? entry.wifiPass : maskPassword(entry.wifiPass)}</span>
              <Button
                size="mini"
                fill="none"
                color="primary"
                onClick={() => setShown(!shown)}
                data-testid="wifi-pass-toggle"
              >
                {shown ? t('iotDevice.wifi.hide') : t('iotDevice.wifi.show')}
              </Button>
              <Button
                size="mini"
                fill="none"
                color="primary"
                onClick={() => void copyText(entry.wifiPass)}
                data-testid="wifi-pass-copy"
              >
                {t('iotDevice.copy')}
              </Button>
            </span>
          )
        }
      >
        {t('iotDevice.wifi.password')}
      </List.Item>
      <List.Item
        extra={<span data-testid="wifi-encrypt">{t(`iotDevice.encrypt.e${encryptKey(entry.wifiEncrypt)}`)}</span>}
      >
        {t('iotDevice.wifi.encrypt')}
      </List.Item>
      <List.Item
        extra={
          <Switch checked={entry.showWifi === 0} onChange={(hide) => onHide(entry, hide)} data-testid="wifi-hidden" />
        }
      >
        {t('iotDevice.wifi.hidden')}
      </List.Item>
      <List.Item
        description={t('iotDevice.wifi.switchHint')}
        extra={<Switch checked={entry.switchWifi === 1} disabled data-testid="wifi-switch" />}
      >
        {t('iotDevice.wifi.switch')}
      </List.Item>
      <List.Item
        clickable
        onClick={() => navigateTo(SET_SSID_PWD_PATH, { wifiType: String(entry.wifiType) })}
        data-testid="wifi-edit"
      >
        {t('iotDevice.wifi.edit')}
      </List.Item>
    </List>
  );
}

function DeviceHeader({ sim, device }: { sim: SimInfo; device: DeviceInfo }) {
  const { t } = useTranslation();
  const online = sim.onlineStatus === 1;
  return (
    <section className="iot-device-card" data-testid="device-card">
      <div className="iot-device-card__row">
        <span>
          {t('iotDevice.deviceNo')} <b data-testid="device-no">{device.deviceNo}</b>
        </span>
        <Button size="mini" fill="outline" onClick={() => void copyText(device.deviceNo)} data-testid="device-no-copy">
          {t('iotDevice.copy')}
        </Button>
        <Tag color={online ? 'success' : 'default'} data-testid="device-online" data-online={sim.onlineStatus}>
          {online ? t('iotDevice.online') : t('iotDevice.offline')}
        </Tag>
      </div>
      <div className="iot-device-card__row iot-device-card__sub">
        <span>
          {t('iotDevice.connCount')}{' '}
          <b data-testid="device-conn">
            {device.connCount}/{device.maxConnCount}
          </b>
        </span>
        {device.model ? (
          <span>
            {t('iotDevice.model')} {device.model}
          </span>
        ) : null}
        {device.battery !== null ? (
          <span>
            {t('iotDevice.battery')} {device.battery}%
          </span>
        ) : null}
      </div>
    </section>
  );
}

/** The second confirmation of 恢复出厂: the holder types the word (确认) shown. */
async function typedConfirm(title: string, hint: string, word: string, okText: string, cancelText: string) {
  let typed = '';
  const ok = await Dialog.confirm({
    title,
    content: (
      <div data-testid="reset-type">
        <p>{hint}</p>
        <Input
          placeholder={word}
          onChange={(value) => {
            typed = value;
          }}
          data-testid="reset-input"
        />
      </div>
    ),
    confirmText: okText,
    cancelText,
  });
  return ok && typed.trim() === word;
}

function DeviceView({ sim, device }: { sim: SimInfo; device: DeviceInfo }) {
  const { t } = useTranslation();
  const sent = useCommandSent(sim.simNo);
  const pending = usePending(sim.simNo);
  const clearMarks = usePendingMarks((s) => s.clear);
  const refresh = useCardRefresh(sim.simNo);

  const confirm = (content: string) =>
    Dialog.confirm({
      title: t('iotDevice.wifi.confirmTitle'),
      content,
      confirmText: t('iotDevice.actions.confirm'),
      cancelText: t('common.cancel'),
    });

  // A refusal (not a device, too frequent, 40001…) is told by the request wrapper.
  const command = useAction(({ send }: { send: () => Promise<DeviceTask>; marks: PendingMark[] }) => send(), {
    loading: true,
    onSuccess: (task, { marks }) => sent(task, marks),
  });
  const run = (send: () => Promise<DeviceTask>, marks: PendingMark[]) => command.run({ send, marks });

  const onHide = async (entry: WifiEntry, hide: boolean) => {
    if (!(await confirm(hide ? t('iotDevice.wifi.hideConfirm') : t('iotDevice.wifi.showConfirm')))) return;
    await run(() => setWifiDisplay(entry.wifiType, hide ? 0 : 1), [`wifi${entry.wifiType}`]);
  };

  const onRestart = async () => {
    if (await confirm(t('iotDevice.actions.restartConfirm'))) await run(restartDevice, ['device']);
  };
  const onClose = async () => {
    if (await confirm(t('iotDevice.actions.closeConfirm'))) await run(closeDevice, ['device']);
  };
  const onReset = async () => {
    if (!(await confirm(t('iotDevice.actions.resetConfirm')))) return;
    const word = t('iotDevice.actions.resetWord');
    const typed = await typedConfirm(
      t('iotDevice.actions.resetTypeTitle'),
      t('iotDevice.actions.resetTypeHint', { word }),
      word,
      t('iotDevice.actions.reset'),
      t('common.cancel'),
    );
    if (!typed) {
      showToast(t('iotDevice.actions.resetMismatch'));
      return;
    }
    await run(resetDevice, ['device', 'wifi1', 'wifi2']);
  };

  const onRefresh = async () => {
    const answer = await refresh();
    if (!answer) return;
    clearMarks(sim.simNo);
    showToast(answer.syncing ? answer.message : t('iotDevice.refreshed'));
  };

  return (
    <>
      <DeviceHeader sim={sim} device={device} />
      {sim.onlineStatus === 0 ? (
        <NoticeBar color="alert" wrap content={t('iotDevice.offlineNotice')} data-testid="device-offline" />
      ) : null}
      {pending.includes('device') ? (
        <NoticeBar color="info" wrap content={t('iotDevice.actions.executing')} data-testid="device-pending" />
      ) : null}
      {wifiEntries(device).map((entry) => (
        <WifiItem
          key={entry.wifiType}
          entry={entry}
          changing={pending.includes(`wifi${entry.wifiType}`)}
          onHide={(e, hide) => void onHide(e, hide)}
        />
      ))}
      <List mode="card" header={t('iotDevice.actions.title')} data-testid="device-actions">
        <List.Item clickable onClick={() => void onRestart()} data-testid="device-restart">
          {t('iotDevice.actions.restart')}
        </List.Item>
        <List.Item clickable onClick={() => void onClose()} data-testid="device-close">
          {t('iotDevice.actions.close')}
        </List.Item>
        <List.Item clickable onClick={() => void onReset()} data-testid="device-reset">
          <span className="iot-device-danger">{t('iotDevice.actions.reset')}</span>
        </List.Item>
      </List>
      <div className="iot-device-footer">
        <Button block fill="outline" color="primary" onClick={() => void onRefresh()} data-testid="device-refresh">
          <RedoOutline /> {t('iotDevice.refresh')}
        </Button>
      </div>
    </>
  );
}

export function NotADevice() {
  const { t } = useTranslation();
  return (
    <ErrorBlock
      status="empty"
      title={t('iotDevice.notDevice')}
      description={t('iotDevice.notDeviceHint')}
      data-testid="device-none"
    >
      <Button color="primary" size="small" onClick={() => redirectTo(IOT_HOME_PATH)}>
        {t('iotDevice.backHome')}
      </Button>
    </ErrorBlock>
  );
}

function DeviceManageView({ simNo }: { simNo: string }) {
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  return (
    <div className="iot-device iot-page" data-testid="device-manage">
      <PageState
        loading={!sim && info.isPending}
        error={!sim && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
      >
        {sim ? (
          sim.sourceType === 2 && sim.device ? (
            <DeviceView sim={sim} device={sim.device} />
          ) : (
            <NotADevice />
          )
        ) : null}
      </PageState>
    </div>
  );
}

export function DeviceManagePage() {
  return <IotGuard>{(simNo) => <DeviceManageView key={simNo} simNo={simNo} />}</IotGuard>;
}
