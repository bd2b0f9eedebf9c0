/**
 * The counters behind `GET /metrics`, kept per app instance and written in the Prometheus text
 * exposition format (version 0.0.4): requests by route, method and status code, request latency by
 * route, background job runs by outcome, payment notifies by outcome, and a few process gauges.
 * Each instance reports its own counts; Prometheus sums them across instances.
 */

type Labels = Record<string, string>;

/** Seconds; the API budgets (ARCHITECTURE.md) sit between 50 ms and 1 s. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return parts.length > 0 ? `{${parts.join(',')}}` : '';
}

function keyOf(labels: Labels): string {
  return JSON.stringify(Object.entries(labels));
}

class Counter {
  readonly #values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels, by = 1): void {
    const key = keyOf(labels);
    const entry = this.#values.get(key);
    if (entry) entry.value += by;
    else this.#values.set(key, { labels, value: by });
  }

  get(labels: Labels): number {
    return this.#values.get(keyOf(labels))?.value ?? 0;
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.#values.values()) lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines;
  }
}

class Histogram {
  readonly #series = new Map<string, { labels: Labels; buckets: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly bounds: readonly number[],
  ) {}

  observe(labels: Labels, value: number): void {
    const key = keyOf(labels);
    let series = this.#series.get(key);
    if (!series) {
      series = { labels, buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    this.bounds.forEach((bound, i) => {
      if (value <= bound) series.buckets[i] = (series.buckets[i] ?? 0) + 1;
    });
    series.sum += value;
    series.count += 1;
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, buckets, sum, count } of this.#series.values()) {
      this.bounds.forEach((bound, i) => {
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(bound) })} ${buckets[i]}`);
      });
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${sum}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines;
  }
}

export class Metrics {
  readonly requests = new Counter('http_requests_total', 'HTTP requests answered, by route pattern, method and code.');
  readonly latency = new Histogram(
    'http_request_duration_seconds',
    'Time to answer an HTTP request, by route pattern.',
    LATENCY_BUCKETS,
  );
  readonly jobRuns = new Counter('job_runs_total', 'Background job runs of this instance, by job and outcome.');
  readonly paymentNotifies = new Counter(
    'payment_notifies_total',
    'Payment provider notifies received, by outcome (paid, already, refunded, refund-pending, amount-mismatch, unknown-order, rejected, error).',
  );
  readonly limiterFallbacks = new Counter(
    'rate_limit_fallbacks_total',
    "Limit checks counted in this instance's memory because Redis could not be reached.",
  );
  readonly #startedAt = Date.now();

  /** One answered request; `route` is the matched pattern (`/api/pay/notify/:channel`), never the raw URL. */
  request(route: string, method: string, code: number, seconds: number): void {
    this.requests.inc({ route, method, code: String(code) });
    this.latency.observe({ route }, seconds);
  }

  jobRun(job: string, outcome: 'ok' | 'failed'): void {
    this.jobRuns.inc({ job, outcome });
  }

  paymentNotify(outcome: string): void {
    this.paymentNotifies.inc({ outcome });
  }

  limiterFallback(): void {
    this.limiterFallbacks.inc({});
  }

  /** The exposition text, ending with a newline. */
  render(): string {
    const memory = process.memoryUsage();
    const gauges = [
      [
        'process_start_time_seconds',
        'Start time of this instance, in seconds since the epoch.',
        this.#startedAt / 1000,
      ],
      ['process_resident_memory_bytes', 'Resident memory of this process.', memory.rss],
      ['nodejs_heap_used_bytes', 'V8 heap in use.', memory.heapUsed],
    ] as const;
    const lines = [
      ...this.requests.render(),
      ...this.latency.render(),
      ...this.jobRuns.render(),
      ...this.paymentNotifies.render(),
      ...this.limiterFallbacks.render(),
    ];
    for (const [name, help, value] of gauges)
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${value}`);
    return `${lines.join('\n')}\n`;
  }
}
