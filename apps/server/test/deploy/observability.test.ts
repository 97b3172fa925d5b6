import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestApp, type TestApp } from '../support/test-app';
import { deployDir } from './deploy-support';

/** Series Prometheus makes itself for every scrape target, not in any /metrics answer. */
const PROMETHEUS_OWN = new Set(['up']);
const PROMQL_WORDS = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
]);

/** The metric names a PromQL expression reads. */
export function metricNames(expression: string): string[] {
  const bare = expression
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\b(?:by|without|on|ignoring)\s*\([^)]*\)/g, '') // grouping labels
    .replace(/\[[^\]]*\]/g, '') // ranges
    .replace(/\$\w+/g, '') // Grafana's variables
    .replace(/\boffset\s+\w+/g, '')
    .replace(/\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b/gi, ''); // numbers
  const names = [...bare.matchAll(/([A-Za-z_:][\w:]*)\s*(\()?/g)]
    .filter(([, name, call]) => !call && !PROMQL_WORDS.has(name!))
    .map(([, name]) => name!);
  return [...new Set(names)];
}

/** Every series name a /metrics answer can carry: its samples, and each histogram's three. */
function exposedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\w+)/.exec(line);
    if (type) {
      const [, name, kind] = type;
      if (kind === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name! + suffix);
      else if (kind === 'summary') for (const suffix of ['', '_sum', '_count']) names.add(name! + suffix);
      else names.add(name!);
    } else if (line && !line.startsWith('#')) names.add(/^[\w:]+/.exec(line)![0]);
  }
  return names;
}

describe('the dashboard and the alerts', () => {
  let server: TestApp;
  let exposed: Set<string>;
  let dashboard: string[];
  let alerts: string[];

  beforeAll(async () => {
    server = await startTestApp();
    // A request first, so the request series have samples as well as their TYPE lines.
    await fetch(`${server.url}/health`);
    exposed = exposedNames(await (await fetch(`${server.url}/metrics`)).text());

    const json = JSON.parse(await readFile(path.join(deployDir, 'grafana-dashboard.json'), 'utf8')) as {
      panels: { targets?: { expr: string }[] }[];
    };
    dashboard = json.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
    const rules = parse(await readFile(path.join(deployDir, 'prometheus-alerts.yml'), 'utf8')) as {
      groups: { rules: { alert: string; expr: string }[] }[];
    };
    alerts = rules.groups.flatMap((group) => group.rules).map((rule) => rule.expr);
  });
  afterAll(() => server.close());

  it('reads PromQL names and nothing else', () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{job="ruthless",route=~"/a|b"}[$__rate_interval]))) > 1e3 and on (x) up offset 5m',
      ),
    ).toEqual(['http_request_duration_seconds_bucket', 'up']);
  });

  it('cover health, event-loop lag, error rate and sockets', () => {
    const all = [...dashboard, ...alerts].join('\n');
    for (const name of [
      'up',
      'nodejs_eventloop_lag_p99_seconds',
      'http_requests_total',
      'socketio_connected_sockets',
    ]) {
      expect(all).toContain(name);
    }
    expect(alerts.length).toBeGreaterThanOrEqual(4);
  });

  it('use only series a real /metrics answer has', () => {
    const used = new Set([...dashboard, ...alerts].flatMap(metricNames));
    expect(used.size).toBeGreaterThan(8);
    const missing = [...used].filter((name) => !exposed.has(name) && !PROMETHEUS_OWN.has(name));
    expect(missing).toEqual([]);
  });
});
