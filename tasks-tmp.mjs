// Long main-thread tasks of a page load, each with the JS functions (source-mapped) that ran in it.
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire('/work/main/package.json');
const { SourceMapConsumer } = require('source-map-js');
const [url, waitMs = '8000', cookie] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
if (cookie) await context.addCookies(JSON.parse(cookie));
const page = await context.newPage();
await browser.startTracing(page, { categories: ['devtools.timeline','disabled-by-default-devtools.timeline','v8.execute','disabled-by-default-v8.cpu_profiler','toplevel'] });
await page.goto(url);
await page.waitForTimeout(Number(waitMs));
const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
await browser.close();
const maps = new Map();
const mapFor = (u) => { const f = u?.split('/assets/')[1]; if (!f) return null; if (!maps.has(f)) { try { maps.set(f, new SourceMapConsumer(JSON.parse(fs.readFileSync('/work/main/apps/web/dist/assets/' + f + '.map', 'utf8')))); } catch { maps.set(f, null); } } return maps.get(f); };
const fname = (cf) => { const m = mapFor(cf.url); if (m) { const o = m.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber }); if (o.source) return `${o.name ?? cf.functionName} ${o.source.replace(/.*node_modules\//,'nm/').replace(/.*\/src\//,'src/')}:${o.line}`; } return `${cf.functionName || '(anon)'} ${(cf.url||'').split('/').pop()}`; };
// main thread = CrRendererMain of the page
const threadNames = traceEvents.filter(e => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const evalCounts = {};
for (const e of traceEvents) if (e.name === 'FunctionCall' || e.name === 'v8.evaluateModule') evalCounts[`${e.pid}:${e.tid}`] = (evalCounts[`${e.pid}:${e.tid}`] ?? 0) + 1;
const [pid, tid] = Object.entries(evalCounts).sort((a,b)=>b[1]-a[1])[0][0].split(':').map(Number);
// CPU profile samples
const nodes = new Map(); const samples = []; let t = 0;
for (const e of traceEvents.filter(e => e.pid === pid && (e.name === 'Profile' || e.name === 'ProfileChunk'))) {
  if (e.name === 'Profile') { t = e.args.data.startTime; continue; }
  const d = e.args.data.cpuProfile ?? {}; for (const n of d.nodes ?? []) nodes.set(n.id, n);
  const deltas = e.args.data.timeDeltas ?? [];
  (d.samples ?? []).forEach((s, i) => { t += deltas[i]; samples.push([t, s]); });
}
const tasks = traceEvents.filter(e => e.pid === pid && e.tid === tid && e.name === 'RunTask' && e.dur > 30000).sort((a,b)=>a.ts-b.ts);
const nav = traceEvents.find(e => e.name === 'navigationStart' && e.pid === pid) ?? tasks[0];
let tbtish = 0;
for (const task of tasks) {
  if (task.dur > 12500) tbtish += Math.max(0, task.dur * 4 / 1000 - 50);
  const by = new Map();
  for (const [ts, id] of samples) if (ts >= task.ts && ts < task.ts + task.dur) { const n = nodes.get(id); if (!n) continue; const k = fname(n.callFrame); by.set(k, (by.get(k) ?? 0) + 1); }
  const kids = {}; for (const k of traceEvents) if (k.pid === pid && k.tid === tid && k.ph === 'X' && k.ts >= task.ts && k.ts < task.ts + task.dur && ['Layout','UpdateLayoutTree','Paint','ParseAuthorStyleSheet','v8.evaluateModule','v8.compile','MajorGC','MinorGC','HTMLDocumentParser::AppendBytes','ParseHTML'].includes(k.name)) kids[k.name] = (kids[k.name] ?? 0) + k.dur / 1000;
  const top = [...by].sort((a,b)=>b[1]-a[1]).slice(0,5).map(([k,v])=>`${k}×${v}`).join(' | ');
  console.log(`@${Math.round((task.ts - nav.ts)/1000)} ${Math.round(task.dur/1000)}ms [${Object.entries(kids).map(([k,v])=>`${k} ${Math.round(v)}`).join(', ')}] ${top}`);
}
console.log('sum over long tasks of (4x - 50):', Math.round(tbtish));
