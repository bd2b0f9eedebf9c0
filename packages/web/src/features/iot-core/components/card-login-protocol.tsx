/**
 * The card login's agreement (SCREENS §3 login/index): the operator's text in a sheet, sanitised. The
 * login downloads this file on the first opening, with antd-mobile's Popup beside it.
 */
import { AgreementSheet } from '../../../components/agreement-sheet';
import { useTranslation } from '../../../i18n/react';
import { useIotLoginProtocol } from '../api/get-iot-login-protocol';
import '../i18n-login';

export function ProtocolPopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AgreementSheet
      visible={visible}
      onClose={onClose}
      agreement={useIotLoginProtocol(visible)}
      failedText={t('iotLogin.protocolFailed')}
      className="iot-protocol"
      testId="iot-protocol"
    />
  );
}
