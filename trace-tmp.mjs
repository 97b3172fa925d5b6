import { chromium } from '@playwright/test';
const url = process.argv[2] ?? 'http://127.0.0.1:4199/login';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await browser.startTracing(page, { categories: ['devtools.timeline','disabled-by-default-devtools.timeline','v8.execute','blink.user_timing','loading'] });
await page.goto(url);
await page.waitForTimeout(Number(process.argv[3] ?? 8000));
const buf = await browser.stopTracing();
await browser.close();
const { traceEvents } = JSON.parse(buf.toString());
const main = traceEvents.filter(e => e.name === 'RunTask' && e.dur);
// find renderer main thread: the thread with most EvaluateScript
const counts = {};
for (const e of traceEvents) if (e.name === 'EvaluateScript' || e.name==='v8.evaluateModule') counts[`${e.pid}:${e.tid}`] = (counts[`${e.pid}:${e.tid}`]??0)+1;
const mt = Object.entries(counts).sort((a,b)=>b[1]-a[1])[0][0];
const [pid, tid] = mt.split(':').map(Number);
const nav = traceEvents.find(e => e.name === 'navigationStart' && e.pid === pid) ?? traceEvents.find(e=>e.pid===pid);
const t0 = nav.ts;
const tasks = traceEvents.filter(e => e.pid === pid && e.tid === tid && e.name === 'RunTask' && e.dur > 20000);
const inside = traceEvents.filter(e => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name !== 'RunTask');
let total = 0, busy = 0;
for (const t of traceEvents.filter(e => e.pid === pid && e.tid === tid && e.name === 'RunTask' && e.dur)) { busy += t.dur; if (t.dur > 50000) total += t.dur - 50000; }
console.log(`main thread busy ${Math.round(busy/1000)} ms, blocking (over 50 ms) ${Math.round(total/1000)} ms`);
for (const t of tasks) {
  const kids = inside.filter(e => e.ts >= t.ts && e.ts < t.ts + t.dur);
  const by = {};
  for (const k of kids) {
    let key = k.name;
    if (k.name === 'EvaluateScript' || k.name === 'v8.compileModule' || k.name === 'v8.evaluateModule') key += ' ' + (k.args?.data?.url ?? k.args?.data?.fileName ?? '').split('/').pop();
    if (k.name === 'FunctionCall') key += ' ' + (k.args?.data?.url ?? '').split('/').pop() + ':' + (k.args?.data?.functionName ?? '');
    if (k.name === 'TimerFire' || k.name==='FireAnimationFrame' || k.name === 'EventDispatch') key += ' ' + (k.args?.data?.type ?? '');
    by[key] = (by[key] ?? 0) + k.dur;
  }
  const top = Object.entries(by).sort((a,b)=>b[1]-a[1]).slice(0,4).map(([k,v])=>`${k} ${Math.round(v/1000)}`).join(' | ');
  console.log(`${Math.round((t.ts-t0)/1000)}ms +${Math.round(t.dur/1000)}: ${top}`);
}
