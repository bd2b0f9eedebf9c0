/**
 * Usage at a glance on the card home (issue 25 item 2): this month by day, or the last 6 months by month,
 * as the usage history's chart, with the same figures as a table for screen readers and anyone who asks
 * for it. Its total is the largest text of the card's first screen, so it paints as soon as the usage
 * arrives; the chart, with chart.js, is a chunk of its own, asked for once the total has painted, that
 * fills a slot of its height.
 */

import { Button } from 'antd-mobile';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { withTexts } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { afterNextPaint } from '../../../platform/idle';
import type { QueryClient } from '../../../platform/query';
import { formatFlow } from '../../iot-core/sim-display';
import { type HistoryType, simHistoryLineQuery, useSimHistoryLine } from '../../iot-realname/api/get-sim-history-line';
import { toChartData } from '../../iot-realname/history-chart';
import { daysThisMonth, lastMonths, thisMonth } from '../usage-glance-rules';
import '../i18n';
import './usage-glance.css';

const UsageChart = lazy(() =>
  withTexts(import('../../iot-realname/components/history-line')).then((m) => ({ default: m.UsageChart })),
);

/**
 * The glance's first answer (this month by day), asked for by the card home beside the card's data: the
 * glance itself renders only once the card has arrived, and its total is the home's largest paint.
 */
export function prefetchUsageGlance(client: QueryClient, simNo: string, now = Date.now()): Promise<void> {
  return client.prefetchQuery(simHistoryLineQuery(simNo, 'day', daysThisMonth(now)));
}

const chartSlot = <div className="iot-usage__chart-slot" data-testid="usage-chart-loading" />;

export default function UsageGlance({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const [type, setType] = useState<HistoryType>('day');
  const [table, setTable] = useState(false);
  const tableId = useId();
  const [now] = useState(() => Date.now());
  const query = useSimHistoryLine(simNo, type, type === 'day' ? daysThisMonth(now) : undefined);
  const line = query.data && query.data.type === type ? query.data : undefined;
  const cutLine = line ? (type === 'day' ? thisMonth(line, now) : lastMonths(line)) : undefined;
  const data = cutLine ? toChartData(cutLine) : undefined;
  const title = type === 'day' ? t('iotCare.usage.thisMonth') : t('iotCare.usage.lastMonths');
  // The chart once the total has painted: chart.js (about 58 KB) downloading and running beside it would
  // hold back the card home's largest paint.
  const [chartShown, setChartShown] = useState(false);
  useEffect(() => (data && !chartShown ? afterNextPaint(() => setChartShown(true)) : undefined), [data, chartShown]);

  return (
    <section className="iot-usage" aria-labelledby={`${tableId}-title`} data-testid="usage-glance">
      <div className="iot-usage__head">
        <h2 className="iot-usage__title" id={`${tableId}-title`}>
          {t('iotCare.usage.title')}
        </h2>
        <fieldset className="iot-usage__switch" data-testid="usage-glance-switch">
          <legend className="iot-usage__legend">{t('iotCare.usage.period')}</legend>
          {(['day', 'month'] as const).map((value) => (
            <Button
              key={value}
              size="mini"
              color={type === value ? 'primary' : 'default'}
              fill={type === value ? 'solid' : 'outline'}
              aria-pressed={type === value}
              onClick={() => setType(value)}
            >
              {value === 'day' ? t('iotCare.usage.byDay') : t('iotCare.usage.byMonth')}
            </Button>
          ))}
        </fieldset>
      </div>
      {query.isError ? (
        <p className="iot-usage__note" data-testid="usage-glance-error">
          {t('iotCare.usage.failed')}{' '}
          <Button size="mini" fill="none" color="primary" onClick={() => void query.refetch()}>
            {t('iotCare.usage.retry')}
          </Button>
        </p>
      ) : !data ? (
        <div className="iot-usage__placeholder" aria-busy="true" data-testid="usage-glance-loading" />
      ) : data.empty ? (
        <p className="iot-usage__note" data-testid="usage-glance-empty">
          {t('iotCare.usage.empty')}
        </p>
      ) : (
        <>
          <p className="iot-usage__total" data-testid="usage-glance-total">
            {t('iotCare.usage.total', { period: title, total: formatFlow(data.totalFlow) })}
          </p>
          {chartShown ? (
            <Suspense fallback={chartSlot}>
              <UsageChart
                data={data}
                label={t('iotCare.usage.chartLabel', { period: title, total: formatFlow(data.totalFlow) })}
              />
            </Suspense>
          ) : (
            chartSlot
          )}
          <Button
            size="mini"
            fill="none"
            color="primary"
            aria-expanded={table}
            aria-controls={tableId}
            onClick={() => setTable((v) => !v)}
            data-testid="usage-glance-table-toggle"
          >
            {table ? t('iotCare.usage.hideTable') : t('iotCare.usage.showTable')}
          </Button>
          <table id={tableId} className="iot-usage__table" hidden={!table} data-testid="usage-glance-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{type === 'day' ? t('iotCare.usage.day') : t('iotCare.usage.month')}</th>
                <th scope="col">{t('iotCare.usage.flow')}</th>
              </tr>
            </thead>
            <tbody>
              {data.dates.map((date, i) => (
                <tr key={date}>
                  <th scope="row">{date}</th>
                  <td>{formatFlow(data.values[i] ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
