import { chromium } from '@playwright/test';
import fs from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire('/work/main/package.json');
const { SourceMapConsumer } = require('source-map-js');
const url = process.argv[2] ?? 'http://127.0.0.1:4197/login';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
if (process.argv[4]) await context.addCookies(JSON.parse(process.argv[4]));
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto(url);
await page.waitForTimeout(Number(process.argv[3] ?? 8000));
const { profile } = await cdp.send('Profiler.stop');
await browser.close();
const maps = new Map();
const mapFor = (u) => {
  const f = u.split('/assets/')[1]; if (!f) return null;
  if (!maps.has(f)) { try { maps.set(f, new SourceMapConsumer(JSON.parse(fs.readFileSync('/work/main/apps/web/dist/assets/' + f + '.map', 'utf8')))); } catch { maps.set(f, null); } }
  return maps.get(f);
};
const byId = new Map(profile.nodes.map(n => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n) => { const f = n.callFrame; const m = mapFor(f.url); if (m) { const o = m.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber }); if (o.source) return `${o.name ?? f.functionName} ${o.source.replace(/.*node_modules\//,'nm/').replace(/.*\/src\//,'src/')}:${o.line}`; } return `${f.functionName || '(anon)'} ${f.url.split('/').pop()}`; };
const self = new Map(), total = new Map();
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] / 1000; const n = byId.get(id);
  if (['(idle)','(program)','(garbage collector)'].includes(n.callFrame.functionName)) { self.set(n.callFrame.functionName, (self.get(n.callFrame.functionName)??0)+dt); return; }
  const k = name(n); self.set(k, (self.get(k) ?? 0) + dt);
  const seen = new Set(); let cur = id;
  while (cur !== undefined) { const kk = name(byId.get(cur)); if (!seen.has(kk)) { seen.add(kk); total.set(kk, (total.get(kk) ?? 0) + dt); } cur = parent.get(cur); }
});
console.log('SELF'); console.log([...self].sort((a,b)=>b[1]-a[1]).slice(0,30).map(([k,v])=>`${Math.round(v)}ms ${k}`).join('\n'));
console.log('TOTAL (app code)'); console.log([...total].filter(([k])=>k.includes('src/')).sort((a,b)=>b[1]-a[1]).slice(0,30).map(([k,v])=>`${Math.round(v)}ms ${k}`).join('\n'));
