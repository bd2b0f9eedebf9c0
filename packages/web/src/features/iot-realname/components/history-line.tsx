/**
 * 用量历史 (SCREENS §4 historyLine): the card's usage as a line chart — the last 30 days (按日) or 12 months
 * (按月), MB per point with a tooltip — and the total and average below. All zero: 暂无用量数据. Drawn with
 * chart.js, registering only the parts a line chart needs; this route is lazy-loaded, so chart.js stays
 * off the first screen.
 */

import { Selector } from 'antd-mobile';
import {
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef, useState } from 'react';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { themeToken } from '../../../platform/theme';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { formatFlow } from '../../iot-core/sim-display';
import { type HistoryType, useSimHistoryLine } from '../api/get-sim-history-line';
import { toChartData, type UsageChartData } from '../history-chart';
import './common.css';
import './history-line.css';
import '../i18n';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Filler);

/** A 2D context, or null where there is none (a browser without canvas, the unit tests' DOM). */
function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  try {
    return canvas.getContext('2d');
  } catch {
    return null;
  }
}

export function UsageChart({ data, label }: { data: UsageChartData; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const ctx = canvas.current ? context2d(canvas.current) : null;
    if (!ctx) return;
    const chart = new Chart(ctx, {
      type: 'line',
      data: {
        labels: data.labels,
        datasets: [
          {
            data: data.values,
            borderColor: themeToken('--hk-color-info'),
            backgroundColor: themeToken('--hk-color-info-wash'),
            borderWidth: 2,
            fill: true,
            tension: 0.3,
            pointRadius: data.values.length > 15 ? 1.5 : 3,
            pointHoverRadius: 5,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          tooltip: {
            displayColors: false,
            callbacks: {
              title: (items) => data.dates[items[0]?.dataIndex ?? 0] ?? '',
              label: (item) => formatFlow(Number(item.parsed.y)),
            },
          },
        },
        scales: {
          x: { grid: { display: false }, ticks: { maxTicksLimit: 7, maxRotation: 0 } },
          y: { beginAtZero: true, ticks: { maxTicksLimit: 5, callback: (value) => formatFlow(Number(value)) } },
        },
      },
    });
    return () => chart.destroy();
  }, [data]);
  return (
    <div className="iot-auth-chart" data-testid="usage-chart" data-points={data.values.length}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

function HistoryView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const [type, setType] = useState<HistoryType>('day');
  const query = useSimHistoryLine(simNo, type);
  const data = query.data && query.data.type === type ? toChartData(query.data) : undefined;
  const range = data && data.dates.length > 0 ? `${data.dates[0]} ~ ${data.dates[data.dates.length - 1]}` : '';

  return (
    <div className="iot-auth iot-page" data-testid="history-line">
      <div className="iot-auth-panel">
        <Selector
          columns={2}
          value={[type]}
          onChange={(v) => {
            if (v[0]) setType(v[0]);
          }}
          options={[
            { label: t('iotRealname.history.byDay'), value: 'day' as const },
            { label: t('iotRealname.history.byMonth'), value: 'month' as const },
          ]}
          data-testid="history-toggle"
        />
      </div>
      <PageState
        loading={query.isPending}
        error={query.isError ? query.error : undefined}
        onRetry={() => void query.refetch()}
        empty={!!data && data.empty}
        emptyText={t('iotRealname.history.empty')}
        skeletonRows={6}
      >
        {data ? (
          <>
            <section className="iot-auth-panel">
              <div className="iot-auth-chart__head">
                <span>{type === 'day' ? t('iotRealname.history.dayTitle') : t('iotRealname.history.monthTitle')}</span>
                <span className="iot-auth-muted" data-testid="history-range">
                  {range}
                </span>
              </div>
              <UsageChart
                data={data}
                label={t('iotRealname.history.chartLabel', { total: formatFlow(data.totalFlow), range })}
              />
            </section>
            <section className="iot-auth-stats">
              <div>
                <strong data-testid="history-total">{formatFlow(data.totalFlow)}</strong>
                <span>{t('iotRealname.history.total')}</span>
              </div>
              <div>
                <strong data-testid="history-avg">{formatFlow(data.avgFlow)}</strong>
                <span>{type === 'day' ? t('iotRealname.history.avgDay') : t('iotRealname.history.avgMonth')}</span>
              </div>
            </section>
          </>
        ) : null}
      </PageState>
    </div>
  );
}

export function HistoryLinePage() {
  return <IotGuard>{(simNo) => <HistoryView key={simNo} simNo={simNo} />}</IotGuard>;
}
