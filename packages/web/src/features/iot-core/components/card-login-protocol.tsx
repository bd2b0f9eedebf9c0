/**
 * The card login's agreement (SCREENS §3 login/index): the operator's text in a sheet, sanitised. The
 * login downloads this file on the first opening, with antd-mobile's Popup beside it.
 */
import { Popup } from 'antd-mobile';
import { PageState } from '../../../components/page-state';
import { RichHtml } from '../../../components/rich-html';
import { useTranslation } from '../../../i18n/react';
import { useIotLoginProtocol } from '../api/get-iot-login-protocol';
import '../i18n-login';

export function ProtocolPopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const protocol = useIotLoginProtocol(visible);
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} showCloseButton>
      <div className="iot-protocol" data-testid="iot-protocol">
        <PageState
          loading={protocol.isPending}
          error={protocol.isError ? new Error(t('iotLogin.protocolFailed')) : undefined}
          onRetry={() => void protocol.refetch()}
        >
          {protocol.data ? (
            <>
              <h2>{protocol.data.title}</h2>
              <RichHtml html={protocol.data.content} testId="iot-protocol-content" />
            </>
          ) : null}
        </PageState>
      </div>
    </Popup>
  );
}
