/** The home popup: once per browser session per article, with a way to the whole announcement. */
import { waitFor } from '@testing-library/react';
import { api, feedback, navigation } from './fakeApi';
import { renderScreen } from './helpers';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/shell/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/shell/navigation', () => require('./fakeApi').navigation);

const popup = (id: number) => ({ id, c_id: 4, title: `Maintenance ${id}`, summary: 'Deposits pause at 02:00 UTC.', content: '<p>…</p>', thumbnail: '', created_at: 1700000000 });

beforeEach(() => {
  api.reset();
  jest.clearAllMocks();
  sessionStorage.clear();
});

test('shows the popup article once per session; "View details" opens the announcement', async () => {
  api.on('GET /news/index_pop', () => popup(7));
  const first = renderScreen([{ type: 'component', name: 'newsPopup' }]);
  await waitFor(() => expect(feedback.confirmDialog).toHaveBeenCalledWith({
    title: 'Maintenance 7', message: 'Deposits pause at 02:00 UTC.', confirmText: 'View details', cancelText: 'Close',
  }));
  await waitFor(() => expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/mailMessage/ggDetail?id=7'));
  first.unmount();
  renderScreen([{ type: 'component', name: 'newsPopup' }]);
  await waitFor(() => expect(api.module.request).toHaveBeenCalledTimes(2));
  expect(feedback.confirmDialog).toHaveBeenCalledTimes(1);
});

test('a new popup article is shown even after another one this session; none when there is no popup', async () => {
  sessionStorage.setItem('popupShown', '7');
  api.on('GET /news/index_pop', () => popup(8));
  feedback.confirmDialog.mockResolvedValueOnce(false);
  renderScreen([{ type: 'component', name: 'newsPopup' }]);
  await waitFor(() => expect(feedback.confirmDialog).toHaveBeenCalledTimes(1));
  expect(navigation.navigateTo).not.toHaveBeenCalled();

  jest.clearAllMocks();
  sessionStorage.clear();
  api.on('GET /news/index_pop', () => null);
  renderScreen([{ type: 'component', name: 'newsPopup' }]);
  await waitFor(() => expect(api.module.request).toHaveBeenCalledWith('GET /news/index_pop', {}));
  expect(feedback.confirmDialog).not.toHaveBeenCalled();
});
