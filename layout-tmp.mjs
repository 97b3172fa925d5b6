import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.goto(process.argv[2]); await page.waitForTimeout(5000);
const r = await page.evaluate(() => {
  const out = { elements: document.querySelectorAll('*').length };
  const time = (label, fn) => { const times = []; for (let i = 0; i < 5; i++) { fn(i); const t = performance.now(); document.body.offsetHeight; times.push(performance.now() - t); } out[label] = times.map(x => x.toFixed(1)).join(' '); };
  time('body width', (i) => { document.body.style.width = (380 + i % 2) + 'px'; });
  const logo = document.querySelector('h1');
  if (logo) time('logo only', (i) => { logo.style.width = (300 + i % 2) + 'px'; });
  for (const sel of ['header', 'main', 'footer', 'aside', 'section']) { const el = document.querySelector(sel); if (el) time(sel, (i) => { el.style.width = (300 + i % 2) + 'px'; }); }
  return out;
});
console.log(r); await browser.close();
