import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const path = process.argv[2] ?? '/';
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 500)));
page.on('pageerror', (e) => console.log('pageerror', e.message.slice(0, 500)));
await page.goto('http://localhost:8202' + path, { waitUntil: 'commit' });
await page.waitForSelector('#root h2, #root h1');
await page.evaluate(() => { document.querySelectorAll('#root *').forEach((e) => (e.__mark = 1)); });
await page.waitForTimeout(4000);
const r = await page.evaluate(() => {
  const all = [...document.querySelectorAll('#root *')];
  const unmarked = all.filter((e) => !e.__mark).map((e) => e.tagName + '.' + (e.className?.baseVal ?? e.className) + ' ' + (e.textContent ?? '').slice(0, 40));
  return { total: all.length, unmarked: unmarked.slice(0, 40), n: unmarked.length };
});
console.log(JSON.stringify(r, null, 1));
await browser.close();
