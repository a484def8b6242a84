import { expect, test } from '@playwright/test';
import {
  DEMO,
  expectLoginScreen,
  expectNoStoredSession,
  expectRefreshRefused,
  greeting,
  logOutThroughMenu,
  mainMenu,
  openDashboard,
  pathOf,
  signInAs,
} from '../support';

test('logging out from the user menu ends the session in the browser and on the server', async ({
  page,
  request,
}) => {
  // Remembered, so the session is in localStorage, the storage that outlives the tab.
  const session = await signInAs(page, request, DEMO.owner, 'LOCAL');
  await openDashboard(page, DEMO.owner.name);
  // Another screen of the app, so that the history holds app pages behind the logout.
  await mainMenu(page).getByRole('link', { name: 'Ayuda' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tickets de soporte' })).toBeVisible();

  const logout = page.waitForRequest('**/api/v1/auth/logout');
  await logOutThroughMenu(page);
  expect((await logout).postDataJSON()).toEqual({ refresh_token: session.refresh_token });

  await expectLoginScreen(page);
  expect(pathOf(page)).toBe('/auth/login');
  await expectNoStoredSession(page);

  // The server revoked the refresh token: nobody can renew the session with it.
  await expectRefreshRefused(request, session.refresh_token);

  // Back does not show the app again: the guard sends the page to login.
  await page.goBack();
  await expectLoginScreen(page);
  expect(pathOf(page)).toBe('/auth/login?redirect=%2Fapp%2Fdashboard');
  await expect(greeting(page, DEMO.owner.name)).toHaveCount(0);

  // Nor does a reload or opening the app in another tab.
  await page.reload();
  await expectLoginScreen(page);
  const otherTab = await page.context().newPage();
  await otherTab.goto('/app/dashboard');
  await expectLoginScreen(otherTab);
});
