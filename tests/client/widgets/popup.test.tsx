/** `popup` sections, on the home popup of screens/index/index.json: once per browser session per record. */
import { waitFor } from '@testing-library/react';
import { api, feedback, navigation } from './fakeApi';
import { renderScreen, sectionOf } from './helpers';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('./fakeApi').navigation);

const popup = (id: number, abstract = 'Deposits pause at 02:00 UTC.') => ({
  id, c_id: 4, title: `Maintenance ${id}`, abstract, content: '<p>…</p>', cover: '', create_time: '2023-11-14T22:13:20.000Z',
});
const homePopup = sectionOf('index/index.json', 'popup');

beforeEach(() => {
  api.reset();
  jest.clearAllMocks();
  sessionStorage.clear();
});

test('shows the popup article once per session; "View details" opens the announcement', async () => {
  api.on('GET /news/index_pop', () => popup(7));
  const first = renderScreen([homePopup]);
  await waitFor(() => expect(feedback.confirmDialog).toHaveBeenCalledWith({
    title: 'Maintenance 7', message: 'Deposits pause at 02:00 UTC.', confirmText: 'View details', cancelText: 'Close',
  }));
  await waitFor(() => expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/mailMessage/ggDetail?id=7'));
  first.unmount();
  renderScreen([homePopup]);
  await waitFor(() => expect(api.module.request).toHaveBeenCalledTimes(2));
  expect(feedback.confirmDialog).toHaveBeenCalledTimes(1);
});

test('a new popup article is shown even after another one this session; none when there is no popup', async () => {
  sessionStorage.setItem('popupShown', '7'); // as an older build stored it
  api.on('GET /news/index_pop', () => popup(8, ''));
  feedback.confirmDialog.mockResolvedValueOnce(false);
  renderScreen([homePopup]);
  await waitFor(() => expect(feedback.confirmDialog).toHaveBeenCalledTimes(1));
  expect(feedback.confirmDialog).toHaveBeenCalledWith(expect.objectContaining({ message: 'Maintenance 8' })); // no abstract: the title
  expect(navigation.navigateTo).not.toHaveBeenCalled();

  jest.clearAllMocks();
  sessionStorage.clear();
  api.on('GET /news/index_pop', () => null);
  renderScreen([homePopup]);
  await waitFor(() => expect(api.module.request).toHaveBeenCalledWith('GET /news/index_pop', {}));
  expect(feedback.confirmDialog).not.toHaveBeenCalled();
});

test('the article seen in an older build this session is not shown again', async () => {
  sessionStorage.setItem('popupShown', '7');
  api.on('GET /news/index_pop', () => popup(7));
  renderScreen([homePopup]);
  await waitFor(() => expect(api.module.request).toHaveBeenCalledWith('GET /news/index_pop', {}));
  await new Promise((r) => setTimeout(r, 20));
  expect(feedback.confirmDialog).not.toHaveBeenCalled();
});

test('a record that arrives after the user has moved on is not shown over the next screen, and waits for the next visit', async () => {
  let answer: (value: unknown) => void = () => undefined;
  api.on('GET /news/index_pop', () => new Promise((resolve) => { answer = resolve; }));
  const first = renderScreen([homePopup]);
  await waitFor(() => expect(api.module.request).toHaveBeenCalledWith('GET /news/index_pop', {}));
  window.location.hash = '#/pages/common/register';
  answer(popup(9));
  await new Promise((r) => setTimeout(r, 20));
  expect(feedback.confirmDialog).not.toHaveBeenCalled();
  first.unmount();

  window.location.hash = '';
  api.on('GET /news/index_pop', () => popup(9));
  renderScreen([homePopup]);
  await waitFor(() => expect(feedback.confirmDialog).toHaveBeenCalledWith(expect.objectContaining({ title: 'Maintenance 9' })));
});
