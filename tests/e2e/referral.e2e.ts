/**
 * Issue 26's referral rebate end to end at phone size: a user opens Invite friends and shares the link; a friend
 * opens it, registers with the invitation code already filled in and recharges 1500 USDT; the next day (the test
 * clock moved past 00:10 UTC, when the job pays) the inviter sees the 5 % rebate, 75 USDT, on the page, in the
 * rebates list and in the message centre. Screenshots go to test-output/e2e/referral-*.png.
 */
import type { Page } from 'playwright-core';
import { api, apiGet, arrive, messagesOf, ops, pendingId, PNG, signUpAndLogIn, waitForToast } from './support/app';
import { baseUrl, launch, mailedCode, phonePage, screenshot, usePhone } from './support/browser';

const en = messagesOf('en');
const stamp = Date.now();
const inviter = { email: `inviter.${stamp}@example.com`, password: 'Secret-123', token: '' };
const friend = { email: `friend.${stamp}@example.com`, password: 'Secret-456', token: '' };
const phone = usePhone();
let page: Page;

beforeAll(async () => {
  page = phone.page;
  inviter.token = await signUpAndLogIn(page, inviter.email, inviter.password);
}, 120_000);

/** Seconds from the server's clock to the next 00:15 UTC (five minutes after the rebate job's time). */
async function secondsToNextPayout(): Promise<number> {
  const now = new Date(/ to (\S+);/.exec((await ops('clock-advance', '1'))[0])![1]);
  const next = new Date(now);
  next.setUTCHours(24, 15, 0, 0);
  return Math.ceil((next.getTime() - now.getTime()) / 1000);
}

test('the inviter\'s page shows the code, the link as a QR code, the rules and the four levels', async () => {
  await page.goto(`${baseUrl()}/#/pages/setting/share`);
  await arrive(page, '/pages/setting/share', 'referral-01-share');
  const code = (await apiGet('/user/info', {}, inviter.token)).message.extension_code as string;
  await page.getByTestId('share-code').getByText(code).waitFor();
  expect(await page.getByTestId('qr-text').textContent()).toBe(`${baseUrl()}/#/pages/common/register?code=${code}`);
  await page.getByText(en['share.rules.title']).waitFor();
  for (const level of ['Level 1', 'Level 2', 'Level 3', 'Level 4']) await page.getByText(level, { exact: true }).waitFor();
  await page.getByText(en['share.rebates.none']).waitFor();
  await page.getByRole('button', { name: en['widget.copy'], exact: true }).click(); // the link's own Copy
  await waitForToast(page, en['widget.copied']);
});

test('a friend opens the link on their phone, registers with the code filled in, and recharges 1500 USDT', async () => {
  const link = (await page.getByTestId('qr-text').textContent())!;
  const browser = await launch();
  try {
    const { page: theirs, problems } = await phonePage(browser);
    await theirs.goto(link);
    await arrive(theirs, '/pages/common/register', 'referral-02-register-with-code');
    const code = (await apiGet('/user/info', {}, inviter.token)).message.extension_code as string;
    const label = (key: string) => theirs.getByLabel(en[key], { exact: true });
    expect(await label('register.extension_code.label').inputValue()).toBe(code);
    await label('register.user_string.label').fill(friend.email);
    await theirs.getByRole('button', { name: en['form.send_code.send'] }).click();
    await waitForToast(theirs, en['api.code.sent']);
    await label('register.code.label').fill(await mailedCode(friend.email));
    await label('register.password.label').fill(friend.password);
    await label('register.re_password.label').fill(friend.password);
    await theirs.getByRole('button', { name: en['register.submit'], exact: true }).click();
    await arrive(theirs, '/pages/my/index', 'referral-03-friend-registered');
    friend.token = (await theirs.evaluate(() => localStorage.getItem('token')))!;
    expect(problems).toEqual([]);
  } finally { await browser.close(); }
  const token = friend.token;

  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'voucher.png');
  const voucher = (await (await fetch(`${baseUrl()}/api/upload`, { method: 'POST', headers: { authorization: token }, body: form })).json()).message as string;
  expect(await api('/wallet/charge_req', { account: voucher, amount: '1500', currency: '3', type: '0' }, token)).toMatchObject({ type: 'ok' });
  await ops('approve-deposit', pendingId(await ops('deposits'), friend.email));
  expect((await apiGet('/referral/info', {}, inviter.token)).message).toMatchObject({ invitees: 1, rebate_total: '0' });
});

test('the next day the inviter sees the 75 USDT rebate on the page and in the messages', async () => {
  for (let left = await secondsToNextPayout(); left > 0; left -= 7200) await ops('clock-advance', String(Math.min(left, 7200)));
  await page.goto(`${baseUrl()}/#/pages/setting/share`);
  await page.getByTestId('share-rebate-total').filter({ hasText: /^\s*75\s+USDT\s*$/ }).waitFor({ timeout: 30_000 });
  await page.getByText(/^\+75\s+USDT$/).first().waitFor();
  await arrive(page, '/pages/setting/share', 'referral-04-rebate-paid');
  await page.getByRole('tab', { name: en['share.tab.invitees'] }).click();
  await page.getByText(/^fr\*{4}\d@example\.com$/).waitFor();
  await screenshot(page, 'referral-05-invitees');
  await page.goto(`${baseUrl()}/#/pages/mailMessage/mailMessageList`);
  await arrive(page, '/pages/mailMessage/mailMessageList', 'referral-06-message');
  await page.getByText(en['msg.referral_rebate.title']).first().waitFor();
});
