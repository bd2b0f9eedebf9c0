/** A courier's trace, newest first, as a vertical timeline (shop and points-mall logistics); empty: a hint. */
import { Steps } from 'antd-mobile';
import { ErrorBlock } from './error-block';

export interface Trace {
  time: string;
  desc: string;
}

export function TraceTimeline({
  traces,
  empty,
  timeClassName,
}: {
  traces: Trace[];
  empty: string;
  timeClassName: string;
}) {
  if (traces.length === 0) {
    return <ErrorBlock status="empty" title={empty} description="" data-testid="logistics-empty" />;
  }
  return (
    <Steps direction="vertical" current={0} data-testid="logistics-traces">
      {traces.map((trace, i) => (
        <Steps.Step
          key={`${trace.time}-${trace.desc}`}
          status={i === 0 ? 'process' : 'wait'}
          title={trace.desc}
          description={<span className={timeClassName}>{trace.time}</span>}
        />
      ))}
    </Steps>
  );
}
