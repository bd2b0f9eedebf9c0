/**
 * The head of IoT 我的 (SCREENS §4 user/index): avatar (simLayout.logo), card number (a device's number,
 * spec §4) with the operator image (99 for a device), the card and real-name tags, and 切换卡号 — a sheet
 * of the recent cards; a tap makes that card current and its info loads anew (an expired one answers
 * 34061, which lands on the card login prefilled with it).
 */
import { displayOperatorType, rechargeNumberOf, type SimInfo } from '@haoka/contract';
import { ActionSheet, Button, Space } from 'antd-mobile';
import { useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { useTranslation } from '../../../i18n/react';
import { CARD_LOGIN_PATH, navigateTo } from '../../../platform/navigation';
import { useIotStore } from '../../../stores/iot';
import { AuthStatusTag, OperatorLogo } from '../../iot-realname/components/auth-status-tag';
import { DictTag } from '../../site/dict-label';
import { USER_PATH } from '../paths';
import './user-header.css';
import '../../iot-core/i18n';

const OTHER_CARD = '__login__';

export function UserHeader({ sim, simNo }: { sim: SimInfo; simNo: string }) {
  const { t } = useTranslation();
  const loginSns = useIotStore((s) => s.loginSns);
  const switchCard = useIotStore((s) => s.switchCard);
  const [sheetOpen, setSheetOpen] = useState(false);
  const layout = sim.simLayout;
  return (
    <section className="iot-user-head" data-testid="user-head">
      <Avatar
        className="iot-user-head__avatar"
        src={layout.logo}
        alt={t('iotUser.mine.avatar')}
        data-testid="user-avatar"
      />
      <div className="iot-user-head__main">
        <div className="iot-user-head__card">
          <OperatorLogo
            operatorType={displayOperatorType(sim)}
            size={24}
            className="iot-user-head__operator"
            testId="user-operator"
          />
          <span className="iot-user-head__no" data-testid="user-card-no">
            {rechargeNumberOf(sim)}
          </span>
        </div>
        <Space wrap className="iot-user-head__tags">
          <DictTag type="sim_status" value={sim.simStatus} testId="user-status-tag" />
          <AuthStatusTag status={sim.authStatus} testId="user-auth-tag" />
        </Space>
      </div>
      <Button
        className="iot-user-head__switch"
        size="mini"
        fill="outline"
        onClick={() => setSheetOpen(true)}
        data-testid="user-switch"
      >
        {t('iotUser.mine.switchCard')}
      </Button>
      <ActionSheet
        visible={sheetOpen}
        onClose={() => setSheetOpen(false)}
        cancelText={t('common.cancel')}
        extra={t('iotUser.mine.switchCard')}
        actions={[
          ...loginSns.map((sn) => ({
            key: sn,
            text: sn,
            description: sn === simNo ? t('iotCore.home.current') : undefined,
          })),
          { key: OTHER_CARD, text: t('iotCore.home.otherCard') },
        ]}
        onAction={(action) => {
          setSheetOpen(false);
          const key = String(action.key);
          if (key === OTHER_CARD) navigateTo(CARD_LOGIN_PATH, { redirect: USER_PATH });
          else if (key !== simNo) switchCard(key);
        }}
      />
    </section>
  );
}
