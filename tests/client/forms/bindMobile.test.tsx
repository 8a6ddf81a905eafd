/** schemas/bind-mobile.json: the get-code button sends area_code + mobile to POST /sms_send (sendCode's `param`). */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { api, feedback } from '../widgets/fakeApi';
import { renderWithProviders } from '../widgets/helpers';
import SchemaForm from '../../../src/client/forms/SchemaForm';
import type { FormModule } from '../../../src/client/forms/loadForm';
import { servedForm } from '../../support/forms';

jest.mock('../../../src/client/api/request', () => require('../widgets/fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('../widgets/fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('../widgets/fakeApi').navigation);

let bindMobile: FormModule;

beforeAll(async () => {
  bindMobile = servedForm('bind-mobile');
});

beforeEach(() => {
  api.reset();
  jest.clearAllMocks();
  api.on('GET /area_code', () => [{ id: 4, name: 'China', area_code: '+86', iso: 'CN' }, { id: 5, name: 'Hong Kong', area_code: '+852', iso: 'HK' }]);
});

test('asks for the mobile number first, then sends it with the area code for the bind_mobile scene', async () => {
  api.on('POST /sms_send', () => 'The verification code has been sent');
  api.on('POST /safe/mobile', () => 'Your mobile number has been bound');
  renderWithProviders(<SchemaForm name="bind-mobile" module={bindMobile} />);
  fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
  expect(feedback.toast).toHaveBeenCalledWith('Please enter your mobile number first');
  expect(api.module.request).not.toHaveBeenCalledWith('POST /sms_send', expect.anything());

  await waitFor(() => expect(screen.getByRole('option', { name: 'Hong Kong (+852)' })).toBeInTheDocument());
  fireEvent.change(screen.getByLabelText(/^Country or region/), { target: { value: '+852' } });
  fireEvent.change(screen.getByLabelText(/^Mobile number/), { target: { value: '61234567' } });
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Get code' })); });
  expect(api.module.request).toHaveBeenCalledWith('POST /sms_send', { mobile: '61234567', scene: 'bind_mobile', area_code: '+852' });

  fireEvent.change(screen.getByLabelText(/^Verification code/), { target: { value: '123456' } });
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Bind' })); });
  expect(api.module.request.mock.calls.find((c) => c[0] === 'POST /safe/mobile')?.[1]).toEqual({ area_code: '+852', mobile: '61234567', code: '123456' });
  expect(feedback.toast).toHaveBeenCalledWith('Your mobile number has been bound');
});

test('a number that is not 5-15 digits gets the mobile message', async () => {
  renderWithProviders(<SchemaForm name="bind-mobile" module={bindMobile} />);
  fireEvent.change(screen.getByLabelText(/^Mobile number/), { target: { value: '12' } });
  fireEvent.click(screen.getByRole('button', { name: 'Bind' }));
  expect(await screen.findByText('Please enter a valid mobile number')).toBeInTheDocument();
  expect(screen.getByText('Please enter the verification code')).toBeInTheDocument();
  // The area code is optional, as in the API (SPEC 7 sends mobile and code): the server takes that of the code sent.
  expect(screen.queryByText('Please choose a country or region code')).not.toBeInTheDocument();
});
