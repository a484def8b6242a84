import { chromium, request as pwRequest } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const base = 'http://127.0.0.1:3212';
const [, , path, width = '1440', ...rest] = process.argv;
const api = await pwRequest.newContext({ baseURL: base });
await api.get('/api/v1/health');
const xsrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN').value;
const login = await (await api.post('/api/v1/auth/login', { data: { email: 'dueno@comercio-demo.mx', password: 'Demo#2025' }, headers: { 'x-xsrf-token': xsrf } })).json();
const s = login.data;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 }, locale: 'es-MX' });
const page = await ctx.newPage();
if (!path.startsWith('/auth') && !path.startsWith('/t/')) {
  await page.addInitScript(({ rec, rt }) => {
    sessionStorage.setItem('despacho.session', JSON.stringify(rec));
    sessionStorage.setItem('despacho.refresh_token', rt);
  }, { rec: { strategy: 'SESSION', token: s.access_token, user: s.user, organization: s.organization }, rt: s.refresh_token });
}
page.on('pageerror', (e) => console.log('PAGEERROR', e.message)); page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));
await page.goto(base + path);
await page.waitForTimeout(2500);
const res = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
const { violations } = res; console.log('ran mismatch:', [...res.passes, ...res.violations, ...res.incomplete, ...res.inapplicable].some((r) => r.id === 'label-content-name-mismatch'));
for (const v of violations) {
  console.log(`== ${v.id} ${v.impact} ${v.nodes.length}`);
  for (const n of v.nodes) {
    const d = n.any[0]?.data ?? {};
    console.log('  ', n.html.slice(0, 160), '|', d.fgColor, d.bgColor, d.contrastRatio, n.any[0]?.message?.slice(0, 150) ?? n.failureSummary?.slice(0, 200));
  }
}
if (rest.includes('eval')) console.log(await page.evaluate(() => document.querySelector('main')?.outerHTML.slice(0, 3000)));
if (rest.includes('shot')) await page.screenshot({ path: '/tmp/a11y-shot.png', fullPage: true });
await browser.close();
