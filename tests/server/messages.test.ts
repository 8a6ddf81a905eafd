/**
 * The message centre through the real app (issue 26): the operator's decisions reach the user's messages (written
 * with the change they report), worded in the reader's language when read; the read state is per user and
 * another user's message can neither be listed nor opened; opening one or all marks them read.
 */
import { walletArea } from '../../src/server/modules/wallet';
import { fiatArea } from '../../src/server/modules/fiat';
import { MESSAGE_TOPICS } from '../../src/server/modules/messages';
import { uploadImage } from './catalogueRequests';
import { createTestApp, type TestApp } from './helpers';

const USDT = 3;
let t: TestApp;

beforeAll(async () => { t = await createTestApp(); }, 60_000);
afterAll(async () => { await t?.close(); });

const en = (key: string, values?: Record<string, string | number>) => t.app.services.i18n.t('en', key, values);
const op = (ops: readonly { name: string; run: (...a: any[]) => Promise<unknown> }[], name: string, args: Record<string, string | number>) => ops.find((c) => c.name === name)!.run(t.app.services, args);

let users = 0;
async function user(): Promise<{ token: string; id: number }> {
  const token = await t.signUp(`reader${++users}@messages.example.com`);
  return { token, id: (await t.call('GET /user/info', {}, { token })).message.id as number };
}
const list = async (token: string, lang?: string) => (await t.call('GET /mailMessage/getList', lang ? { lang } : {}, { token })).message as { list: Array<Record<string, any>>; total: number };
const unread = async (token: string) => (await t.call('GET /mailMessage/unread', {}, { token })).message.count as number;

async function deposit(token: string, amount: string): Promise<number> {
  const voucher = await uploadImage(t, token);
  return (await t.call('POST /wallet/charge_req', { account: voucher, amount, currency: USDT, type: 0 }, { token })).message.id as number;
}

test('the operator\'s decisions reach the user\'s messages, newest first, in the reader\'s language', async () => {
  const amy = await user();
  expect(await list(amy.token)).toMatchObject({ list: [], total: 0 });
  await op(walletArea.ops!, 'approve-deposit', { id: await deposit(amy.token, '1000') });
  await op(walletArea.ops!, 'reject-deposit', { id: await deposit(amy.token, '250'), reason: 'The transfer was not found' });
  const { list: messages } = await list(amy.token);
  expect(messages).toEqual([
    {
      id: expect.any(Number), topic: 'deposit_rejected', read: false, create_time: expect.any(String), title: en('msg.deposit_rejected.title'),
      content: en('msg.deposit_rejected.body', { amount: '250', currency: 'USDT', reason: 'The transfer was not found' }),
      abstract: en('msg.deposit_rejected.body', { amount: '250', currency: 'USDT', reason: 'The transfer was not found' }),
    },
    expect.objectContaining({ topic: 'deposit_approved', title: en('msg.deposit_approved.title'), content: en('msg.deposit_approved.body', { amount: '1,000', currency: 'USDT' }) }),
  ]);
  expect(await unread(amy.token)).toBe(2);
  // Worded when read: the same message in Russian.
  const ru = (await list(amy.token, 'ru')).list[1];
  expect(ru.title).toBe(t.app.services.i18n.t('ru', 'msg.deposit_approved.title'));
  expect(ru.title).not.toBe(messages[1].title);
});

test('read state is per user; another user\'s message can be neither listed nor opened', async () => {
  const [amy, bob] = [await user(), await user()];
  await op(walletArea.ops!, 'approve-deposit', { id: await deposit(amy.token, '100') });
  await op(walletArea.ops!, 'approve-deposit', { id: await deposit(amy.token, '200') });
  const [second, first] = (await list(amy.token)).list;
  expect(await list(bob.token)).toMatchObject({ list: [], total: 0 });
  expect(await t.call('POST /mailMessage/detail', { id: first.id }, { token: bob.token })).toMatchObject({ type: 'error', message: en('api.message.not_found') });
  expect(await t.call('POST /mailMessage/read_all', {}, { token: bob.token })).toMatchObject({ type: 'ok', message: { count: 0 } });
  expect(await unread(amy.token)).toBe(2);

  expect((await t.call('POST /mailMessage/detail', { id: first.id }, { token: amy.token })).message).toMatchObject({ id: first.id, read: true, topic: 'deposit_approved' });
  expect(await unread(amy.token)).toBe(1);
  expect((await list(amy.token)).list.map((m) => m.read)).toEqual([false, true]);
  expect(await t.call('POST /mailMessage/read_all', {}, { token: amy.token })).toMatchObject({ type: 'ok', message: { count: 1 } });
  expect(await unread(amy.token)).toBe(0);
  expect((await t.call('POST /mailMessage/detail', { id: second.id }, { token: amy.token })).message).toMatchObject({ read: true });
});

test('a buy-crypto order confirmed or rejected by the operator is reported', async () => {
  const amy = await user();
  const order = async () => (await t.call('POST /fiat/order', {
    country: 'US', fiat: 'USD', method: 'bank', amount: '100', first_name: 'Amy', last_name: 'Lee', email: 'amy@example.com', phone: '+1 555 0100', tax_id: 'TX-1',
  }, { token: amy.token })).message.id as number;
  const paid = await order();
  await t.call('POST /fiat/order/voucher', { id: paid, voucher: await uploadImage(t, amy.token) }, { token: amy.token });
  await op(fiatArea.ops, 'fiat-confirm', { id: paid });
  await op(fiatArea.ops, 'fiat-reject', { id: await order(), reason: 'No transfer arrived' });
  expect((await list(amy.token)).list.map((m) => m.content)).toEqual([
    en('msg.fiat_rejected.body', { amount: '100', currency: 'USD', reason: 'No transfer arrived' }),
    en('msg.fiat_paid.body', { amount: '100', currency: 'USD', receive: '99' }),
  ]);
  // Amounts as the reader's language writes them.
  await op(walletArea.ops!, 'approve-deposit', { id: await deposit(amy.token, '12345.5') });
  expect((await list(amy.token, 'ru')).list[0].content).toContain('12\u00a0345,5');
  expect((await list(amy.token, 'fa')).list[0].content).toContain('۱۲٬۳۴۵٫۵');
});

test('every topic the server posts has its title and text (the parity check carries them into every language)', () => {
  const { i18n } = t.app.services;
  for (const topic of MESSAGE_TOPICS) expect([topic, i18n.has('en', `msg.${topic}.title`), i18n.has('en', `msg.${topic}.body`)]).toEqual([topic, true, true]);
});

test('a kind of message turned off stops reaching the user; taps at once list it once; a kind that cannot be turned off is refused', async () => {
  const ida = await user();
  expect((await t.call('GET /user/info', {}, { token: ida.token })).message.notify).toEqual({ funds: true, promotions: true });
  expect(await t.call('POST /user/notify', { group: 'funds', on: 0 }, { token: ida.token })).toMatchObject({ type: 'ok', message: { notify: { funds: false, promotions: true } } });
  expect((await t.call('GET /user/info', {}, { token: ida.token })).message.notify).toEqual({ funds: false, promotions: true });
  await op(walletArea.ops!, 'approve-deposit', { id: await deposit(ida.token, '100') });
  expect((await list(ida.token)).total).toBe(0); // the deposit is credited, its message is not posted
  // Turned off by four taps at once, it is listed once (one statement each); on again, the next deposit's message arrives.
  await Promise.all([0, 0, 0, 0].map((on) => t.call('POST /user/notify', { group: 'promotions', on }, { token: ida.token })));
  const muted = await t.app.services.db.selectFrom('users').select('muted_messages').where('id', '=', ida.id).executeTakeFirstOrThrow();
  expect(muted.muted_messages.split(',').sort()).toEqual(['funds', 'promotions']);
  expect((await t.call('POST /user/notify', { group: 'funds', on: 1 }, { token: ida.token })).message.notify).toEqual({ funds: true, promotions: false });
  await op(walletArea.ops!, 'approve-deposit', { id: await deposit(ida.token, '100') });
  expect((await list(ida.token)).list.map((m) => m.topic)).toEqual(['deposit_approved']);
  // A kind that cannot be turned off is refused in words.
  expect(await t.call('POST /user/notify', { group: 'identity', on: 0 }, { token: ida.token })).toMatchObject({ type: 'error', message: expect.any(String) });
});
