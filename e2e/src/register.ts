import type { Page } from 'playwright-core';

export interface NewUser {
  email: string;
  password: string;
  name: string;
}

/**
 * Registers a new user through the home page's dialog, as a visitor would, and waits until the
 * platform's dashboard is reached (spec §4: registration logs in and goes to /plat).
 */
export async function registerInBrowser(page: Page, baseUrl: string, user: NewUser, phone = '13812345678') {
  const by = (id: string) => page.getByTestId(id);
  await page.goto(baseUrl);
  await by('nav-register').click();
  await by('register-dialog').waitFor();
  await by('register-email').fill(user.email);
  await by('register-password').fill(user.password);
  await by('register-confirm').fill(user.password);
  await by('register-real-name').fill(user.name);
  await by('register-gender-female').click();
  await by('register-phone').fill(phone);
  await by('register-enterprise').fill('某大学光伏研究所');
  await by('register-address').fill('上海市闵行区');
  await by('register-agree').check();
  await by('register-submit').click();
  await page.waitForURL(/\/plat(\/index)?$/);
}

/**
 * Logs in through the home page's dialog, reached by a link that asks to go to `redirect` (as a
 * visitor sent to the login lands), and waits until that page is reached.
 */
export async function loginInBrowser(page: Page, baseUrl: string, email: string, password: string, redirect: string) {
  const by = (id: string) => page.getByTestId(id);
  await page.goto(`${baseUrl}/?redirect=${encodeURIComponent(redirect)}`);
  await by('login-dialog').waitFor();
  await by('login-username').fill(email);
  await by('login-password').fill(password);
  await by('login-submit').click();
  await page.waitForURL((u) => u.pathname === redirect);
}
