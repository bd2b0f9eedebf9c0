/** The landing page's popup: shown when popup.switch is 1 unless 不再提示 was chosen for this page code. */
import type { SinglePage } from '@haoka/contract';
import { Modal } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLayoutStore } from '../../../stores/layout';

export function LandingPopup({ pageCode, popup }: { pageCode: string; popup: SinglePage['popup'] }) {
  const { t } = useTranslation();
  const prevented = useLayoutStore((s) => s.singlePopupPrevent[pageCode] === true);
  const [closed, setClosed] = useState(false);
  const visible = popup.switch === 1 && !prevented && !closed;
  const never = () => {
    const { singlePopupPrevent, patchLayout } = useLayoutStore.getState();
    patchLayout({ singlePopupPrevent: { ...singlePopupPrevent, [pageCode]: true } });
    setClosed(true);
  };
  return (
    <Modal
      visible={visible}
      title={popup.title}
      content={<div data-testid="single-popup">{popup.content}</div>}
      closeOnAction
      onClose={() => setClosed(true)}
      actions={[
        { key: 'ok', text: t('single.popupOk'), primary: true, onClick: () => setClosed(true) },
        { key: 'never', text: t('single.popupNever'), onClick: never },
      ]}
    />
  );
}
