/**
 * The card's unread alerts on the card home (issue 25): a compact block, shown only when there are some,
 * each with 标为已读, and 全部已读. Loaded lazily by the card home, after its first paint.
 */

import { Button } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useQueryClient } from '../../../platform/query';
import { type AlertNotice, markAlertNoticesRead, useAlertNotices } from '../api/alerts';
import '../i18n';
import './alerts.css';

/** The sentence of a notice in the holder's language. */
export function useNoticeText() {
  const { t } = useTranslation();
  return (notice: AlertNotice) => {
    if (notice.kind === 'usage') return t('iotCare.alerts.notice.usage', { threshold: notice.threshold });
    if (notice.kind === 'expiry') return t('iotCare.alerts.notice.expiry', { date: notice.period });
    return t('iotCare.alerts.notice.balance', { amount: notice.amount ?? '' });
  };
}

export default function AlertNotices({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const titleId = useId();
  const query = useAlertNotices(simNo, true, 5);
  const text = useNoticeText();
  const list = query.data?.list ?? [];
  if (list.length === 0) return null;
  const markRead = async (ids: number[]) => {
    try {
      await markAlertNoticesRead(ids);
    } finally {
      await client.invalidateQueries({ queryKey: ['alertNotices', simNo] });
    }
  };
  return (
    <section className="iot-alert-notices" aria-labelledby={titleId} data-testid="alert-notices">
      <div className="iot-alert-notices__head">
        <h2 className="iot-alert-notices__title" id={titleId}>
          <BellOutline aria-hidden="true" /> {t('iotCare.alerts.unread', { n: query.data?.unread ?? 0 })}
        </h2>
        <Button
          size="small"
          fill="outline"
          onClick={() => void markRead(list.map((n) => n.id))}
          data-testid="alert-notices-all-read"
        >
          {t('iotCare.alerts.markAllRead')}
        </Button>
      </div>
      <ul className="iot-alert-notices__list">
        {list.map((notice) => (
          <li key={notice.id} className="iot-alert-notices__item" data-testid="alert-notice" data-kind={notice.kind}>
            <span className="iot-alert-notices__text">{text(notice)}</span>
            <Button
              size="small"
              fill="outline"
              onClick={() => void markRead([notice.id])}
              aria-label={`${t('iotCare.alerts.markRead')}: ${text(notice)}`}
              data-testid="alert-notice-read"
            >
              {t('iotCare.alerts.markRead')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
