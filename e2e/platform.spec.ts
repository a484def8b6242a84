import { expect, test } from '@playwright/test';

// The platform around the features: health, API documentation, security headers and the SPA's
// history fallback, on the real built app.

test('health answers ok once the database executes a query', async ({ request }) => {
  const response = await request.get('/api/v1/health');
  expect(response.status()).toBe(200);
  expect((await response.json()).data).toMatchObject({ status: 'ok', database: 'ok' });
});

test('the public OpenAPI document describes what an API key may call', async ({ request }) => {
  const response = await request.get('/api/docs/json');
  expect(response.status()).toBe(200);
  const document = await response.json();
  expect(document.openapi).toMatch(/^3\./);
  const paths = Object.keys(document.paths ?? {});
  expect(paths).toContain('/api/v1/quotes');
  expect(paths.some((route) => route.startsWith('/api/v1/staff/'))).toBe(false);
  expect(paths.every((route) => route.startsWith('/api/v1/'))).toBe(true);
});

test('the API documentation UI renders in the browser', async ({ page }) => {
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Despacho API');
  // Swagger UI renders the operations a few at a time: the first one stands for them (the
  // document's own test above checks which are listed).
  await expect(page.locator('.swagger-ui .opblock-summary-path').first()).toBeVisible();
  await expect(page.locator('.swagger-ui .info')).toContainText('dsp_live_');
});

test('the SPA is served with security headers', async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['content-type']).toContain('text/html');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['referrer-policy']).toBe('no-referrer');
  // index.html must never be cached without revalidation (hashed assets may be).
  expect(headers['cache-control']).toBe('no-cache');
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-powered-by']).toBeUndefined();
});

test('an unknown path answers the SPA, whose router shows its own page', async ({ request }) => {
  const response = await request.get('/esta/ruta/no-existe');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  expect(await response.text()).toContain('<div id="root">');
});

test('an unknown API path answers a JSON 404, never the SPA', async ({ request }) => {
  const response = await request.get('/api/v1/no-existe');
  expect(response.status()).toBe(404);
  expect((await response.json()).error.code).toBe('NOT_FOUND');
});

test('the SPA starts in Chromium under the CSP without errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // An anonymous visit may get 401s from the API; a blocked script or style may not.
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()} ${reason}`);
  });
  await page.goto('/');
  await expect(page.locator('#root > *').first()).toBeAttached();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
