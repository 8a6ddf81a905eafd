import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, feedback, navigation } from '../widgets/fakeApi';
import { renderScreen, renderWithProviders } from '../widgets/helpers';
import SchemaForm, { localizeUi, submitFailure } from '../../../src/client/forms/SchemaForm';
import type { FormModule } from '../../../src/client/forms/loadForm';
import { errorKeys, fieldOf } from '../../../src/client/forms/messages';
import { SEND_CODE_SECONDS } from '../../../src/client/forms/widgets';
import { serveForms, servedForm } from '../../support/forms';
import { appState, setToken, setUser, type User } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('../widgets/fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('../widgets/fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('../widgets/fakeApi').navigation);


let register: FormModule;
let login: FormModule;

beforeAll(async () => {
  register = servedForm('register');
  login = servedForm('login');
});

beforeEach(() => {
  api.reset();
  jest.clearAllMocks();
  localStorage.clear();
  appState.reset();
});

const fill = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SchemaForm', () => {
  it('renders labels and placeholders from message keys, and links', () => {
    renderWithProviders(<SchemaForm name="login" module={login} />);
    expect(screen.getByLabelText(/^Account/)).toHaveAttribute('placeholder', 'Email or mobile number');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '#/pages/common/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '#/pages/common/forget');
  });

  it('shows localised errors under the fields: form key, then format key, then generic key', async () => {
    renderWithProviders(<SchemaForm name="register" module={register} />);
    fill(/^Email/, 'not-an-email');
    fill(/^Verification code/, '12');
    fill(/^Password/, 'short');
    fill(/^Confirm password/, 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument(); // error.format.email
    expect(screen.getByText('The verification code is 6 digits')).toBeInTheDocument(); // error.format.code6
    expect(screen.getByText('The password must be at least 7 characters long')).toBeInTheDocument(); // register.password.error.minLength, {minLength} from the form
    expect(screen.getByText('The two passwords are inconsistent')).toBeInTheDocument(); // messages override
    expect(api.module.request).not.toHaveBeenCalled();
    const alert = screen.getByText('The two passwords are inconsistent').closest('[role="alert"]');
    expect(alert?.id).toMatch(/re_password__error$/);
  });

  it('required errors use <form>.<field>.error.required', async () => {
    renderWithProviders(<SchemaForm name="login" module={login} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your account')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
  });

  it('password widget toggles visibility with aria-label and aria-pressed', () => {
    renderWithProviders(<SchemaForm name="login" module={login} />);
    const input = screen.getByLabelText(/^Password/);
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('login submit: request, token stored, user info fetched, toast and navigate', async () => {
    api.on('POST /user/login', () => 'token-0123456789abcdefghij');
    api.on('GET /user/info', () => ({ id: 5, nickname: 'amy' }));
    renderWithProviders(<SchemaForm name="login" module={login} />);
    fill(/^Account/, 'a@b.co');
    fill(/^Password/, 'secret12');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/my/index'));
    expect(api.module.request).toHaveBeenCalledWith('POST /user/login', { user_string: 'a@b.co', password: 'secret12' }, { showFailure: false });
    expect(appState.get().token).toBe('token-0123456789abcdefghij');
    expect(appState.get().user).toMatchObject({ id: 5, nickname: 'amy' });
    expect(feedback.toast).toHaveBeenCalledWith('Logged in');
  });

  it("a refused submit shows the server's reason on top of the form until what is typed changes; no toast", async () => {
    api.on('POST /user/login', () => { throw Object.assign(new Error('Wrong account or password'), { type: 'error' }); });
    jest.useFakeTimers();
    try {
      renderWithProviders(<SchemaForm name="login" module={login} />);
      fill(/^Account/, 'a@b.co');
      fill(/^Password/, 'secret12');
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
      const reason = await screen.findByText('Wrong account or password');
      expect(reason).toHaveAttribute('role', 'alert');
      expect(reason).toHaveClass('f-form-error');
      expect(api.module.request).toHaveBeenCalledWith('POST /user/login', { user_string: 'a@b.co', password: 'secret12' }, { showFailure: false });
      expect(feedback.toast).not.toHaveBeenCalled();
      expect(navigation.navigateTo).not.toHaveBeenCalled();
      expect(appState.get().token).toBe('');
      // It does not fade like a toast: still there a minute later.
      act(() => { jest.advanceTimersByTime(60_000); });
      expect(screen.getByText('Wrong account or password')).toBeInTheDocument();
      // Corrected: the user types again, and the reason goes.
      fill(/^Password/, 'secret123');
      expect(screen.queryByText('Wrong account or password')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it("a refusal naming a field of the form is shown under that field until the field changes", async () => {
    api.on('POST /user/register', () => { throw Object.assign(new Error('This account already exists'), { type: 'error', field: 'user_string' }); });
    renderWithProviders(<SchemaForm name="register" module={register} />);
    fill(/^Email/, 'a@b.co');
    fill(/^Verification code/, '123456');
    fill(/^Password/, 'secret12');
    fill(/^Confirm password/, 'secret12');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const reason = await screen.findByText('This account already exists');
    expect(reason.closest('[role="alert"]')?.id).toMatch(/user_string__error$/);
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(document.querySelector('.f-form-error')).toBeNull();
    // Another field changing leaves it; the field itself changing clears it.
    fill(/^Invitation code/, 'X1');
    expect(screen.getByText('This account already exists')).toBeInTheDocument();
    fill(/^Email/, 'b@b.co');
    await waitFor(() => expect(screen.queryByText('This account already exists')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'false');
  });

  it('a refusal about a field the form does not show goes on top; an ended session is left to the shell', () => {
    const t = (k: string) => k;
    const shown = (f: string) => f === 'password';
    expect(submitFailure(Object.assign(new Error('Bad code'), { field: 'code' }), t, shown)).toEqual({ message: 'Bad code' });
    expect(submitFailure(Object.assign(new Error('Too short'), { field: 'password' }), t, shown)).toEqual({ message: 'Too short', field: 'password' });
    expect(submitFailure(Object.assign(new Error('Please log in'), { type: '999' }), t, shown)).toBeNull();
    expect(submitFailure(Object.assign(new Error('Verify first'), { type: '998' }), t, shown)).toBeNull();
    expect(submitFailure(new Error(''), t, shown)).toEqual({ message: 'common.network_error' });
  });

  it("the password reset as a logged-in user's change: the email is the account's and fixed, no link back to log in, the session ends", async () => {
    api.on('POST /user/forget', () => 'Password reset, please log in');
    serveForms(['forget']);
    setToken('tok');
    const amy: User = {
      id: 5, account_number: 'amy@example.com', email: 'amy@example.com', phone: null, area_code: null, nickname: 'Amy', head_portrait: '', signature: '',
      extension_code: 'AMY5', score: 100, level: 0, real_state: 0, real_level: 0, has_pay_password: false, created_at: '2026-11-20T10:00:00.000Z', notify: { funds: true, promotions: true },
    };
    setUser(amy);
    renderScreen([{ type: 'form', form: 'forget', initial: { user_string: '{{user.email}}' }, readonly: ['user_string'], links: false }]);
    const email = await screen.findByLabelText(/^Email/, {}, { timeout: 3000 });
    expect(email).toHaveValue('amy@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.queryByRole('link', { name: 'Back to log in' })).not.toBeInTheDocument();
    fill(/^Verification code/, '123456');
    fill(/^New password/, 'secret12');
    fill(/^Confirm password/, 'secret12');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/common/login'));
    expect(api.module.request).toHaveBeenCalledWith('POST /user/forget', {
      type: 'email', user_string: 'amy@example.com', code: '123456', password: 'secret12', re_password: 'secret12',
    }, { showFailure: false });
    expect(appState.get()).toMatchObject({ token: '', user: null });
    expect(feedback.toast).toHaveBeenCalledWith('Password reset, please log in');
  });

  it('register submit sends type=email and the extension code prefilled from ?code=, and lands logged in', async () => {
    api.on('POST /user/register', () => 'token-0123456789abcdefghij');
    api.on('GET /user/info', () => ({ id: 7, nickname: 'newbie' }));
    serveForms(['register']);
    renderScreen([{ type: 'form', form: 'register', initial: { extension_code: '{{query.code}}' } }], { code: 'INV42' });
    expect(await screen.findByLabelText(/^Invitation code/, {}, { timeout: 3000 })).toHaveValue('INV42');
    fill(/^Email/, 'a@b.co');
    fill(/^Verification code/, '123456');
    fill(/^Password/, 'secret12');
    fill(/^Confirm password/, 'secret12');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/my/index'));
    expect(api.module.request).toHaveBeenCalledWith('POST /user/register', {
      type: 'email', user_string: 'a@b.co', code: '123456', password: 'secret12', re_password: 'secret12', extension_code: 'INV42',
    }, { showFailure: false });
    expect(appState.get().token).toBe('token-0123456789abcdefghij');
    expect(appState.get().user).toMatchObject({ id: 7, nickname: 'newbie' });
    expect(feedback.toast).toHaveBeenCalledWith('Welcome! Your account is ready');
  });

  describe('sendCode widget', () => {
    afterEach(() => jest.useRealTimers());

    it('asks for the account first', async () => {
      renderWithProviders(<SchemaForm name="register" module={register} />);
      fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
      expect(feedback.toast).toHaveBeenCalledWith('Please enter your email first');
      expect(api.module.request).not.toHaveBeenCalled();
    });

    it('sends the code for the scene, then greys out and counts down 60 s', async () => {
      jest.useFakeTimers();
      api.on('POST /sms_mail', () => 'Code sent');
      renderWithProviders(<SchemaForm name="register" module={register} />);
      fill(/^Email/, 'a@b.co');
      await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Get code' })); });
      expect(api.module.request).toHaveBeenCalledWith('POST /sms_mail', { user_string: 'a@b.co', scene: 'register' });
      expect(feedback.toast).toHaveBeenCalledWith('Code sent');
      const button = screen.getByRole('button', { name: `Resend in ${SEND_CODE_SECONDS}s` });
      expect(button).toBeDisabled();
      for (let i = 0; i < 30; i++) act(() => { jest.advanceTimersByTime(1000); });
      expect(screen.getByRole('button', { name: 'Resend in 30s' })).toBeDisabled();
      for (let i = 0; i < 30; i++) act(() => { jest.advanceTimersByTime(1000); });
      expect(screen.getByRole('button', { name: 'Get code' })).toBeEnabled();
    });

    it('stays enabled when sending fails', async () => {
      api.on('POST /sms_mail', () => { throw new Error('too often'); });
      renderWithProviders(<SchemaForm name="register" module={register} />);
      fill(/^Email/, 'a@b.co');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Get code' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Get code' })).toBeEnabled());
    });
  });

  it('loads the served module lazily by name', async () => {
    serveForms(['forget']);
    renderWithProviders(<SchemaForm name="forget" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('button', { name: 'Reset password' })).toBeInTheDocument();
  });

  it('refuses bad form names', async () => {
    renderWithProviders(<SchemaForm name="../../evil" />);
    expect(await screen.findByText('Loading failed')).toBeInTheDocument();
  });
});

describe('form helpers', () => {
  it('error key lookup order', () => {
    expect(errorKeys('register', 'user_string', 'format', 'email', undefined)).toEqual(['register.user_string.error.format', 'error.format.email', 'error.format']);
    expect(errorKeys('register', 're_password', 'const', undefined, { 're_password.const': 'error.passwords_inconsistent' }))
      .toEqual(['error.passwords_inconsistent', 'register.re_password.error.const', 'error.const']);
  });

  it('field names from rjsf error properties', () => {
    expect(fieldOf({ property: '.user_string', name: 'format', params: {} })).toBe('user_string');
    expect(fieldOf({ property: '', name: 'required', params: { missingProperty: 'code' } })).toBe('code');
    expect(fieldOf({ property: '.a.b', name: 'minLength', params: {} })).toBe('a.b');
  });

  it('localizeUi translates titles, placeholders, help and the names of choices only', () => {
    expect(localizeUi({ a: { 'ui:title': 'k.a', 'ui:widget': 'password', 'ui:options': { endpoint: 'POST /x' } } }, (k) => `T:${k}`))
      .toEqual({ a: { 'ui:title': 'T:k.a', 'ui:widget': 'password', 'ui:options': { endpoint: 'POST /x' } } });
    expect(localizeUi({ a: { 'ui:enumNames': ['k.one', 'k.two'] } }, (k) => `T:${k}`)).toEqual({ a: { 'ui:enumNames': ['T:k.one', 'T:k.two'] } });
  });
});

describe('picker and image widgets', () => {
  const moduleWith = (properties: Record<string, unknown>, ui: Record<string, unknown>): FormModule => {
    const schema = { type: 'object', properties };
    return { name: 'demo', form: { schema, ui, submit: { endpoint: 'POST /user/editNickname' } }, validateFns: {} } as unknown as FormModule;
  };

  it('areaCode lists GET /area_code and remoteSelect lists an endpoint', async () => {
    api.on('GET /area_code', () => [{ id: 1, name: 'United States', area_code: '+1', iso: 'US' }, { id: 2, name: 'Thailand', area_code: '+66', iso: 'TH' }]);
    api.on('GET /menu', () => [{ id: 3, title: 'mine.menu.faq' }]);
    const mod = moduleWith({ area_code: { type: 'string' }, pick: { type: 'string' } }, {
      area_code: { 'ui:title': 'register.code.label', 'ui:widget': 'areaCode' },
      pick: { 'ui:title': 'register.password.label', 'ui:widget': 'remoteSelect', 'ui:options': { endpoint: 'GET /menu', valueKey: 'id', labelKey: 'title' } },
    });
    // validateFns are not needed to render; the precompiled validator is created with a stub
    mod.validateFns = new Proxy({}, { get: () => Object.assign(() => true, { errors: null }) });
    renderWithProviders(<SchemaForm name="demo" module={mod} />);
    expect(await screen.findByRole('option', { name: 'Thailand (+66)' })).toHaveValue('+66');
    fireEvent.change(screen.getByLabelText(/^Verification code/), { target: { value: '+66' } });
    expect(screen.getByLabelText(/^Verification code/)).toHaveValue('+66');
    expect(await screen.findByRole('option', { name: 'mine.menu.faq' })).toHaveValue('3');
  });

  it('remoteSelect with optionLabel: countries named in the reader\'s language, in its alphabetical order', async () => {
    api.on('GET /area_code', () => [{ id: 1, name: 'x', area_code: '+1', iso: 'US' }, { id: 2, name: 'x', area_code: '+49', iso: 'DE' }, { id: 3, name: 'x', area_code: '+66', iso: 'TH' }]);
    const mod = moduleWith({ country: { type: 'string' } }, {
      country: { 'ui:title': 'register.code.label', 'ui:widget': 'remoteSelect', 'ui:options': { endpoint: 'GET /area_code', valueKey: 'iso', optionLabel: '{{item.iso | region}}' } },
    });
    mod.validateFns = new Proxy({}, { get: () => Object.assign(() => true, { errors: null }) });
    renderWithProviders(<SchemaForm name="demo" module={mod} />);
    expect(await screen.findByRole('option', { name: 'United States' })).toHaveValue('US');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Please choose', 'Germany', 'Thailand', 'United States']);
  });

  it('image: original upload with preview', async () => {
    const mod = moduleWith({ pic: { type: 'string' } }, { pic: { 'ui:title': 'register.code.label', 'ui:widget': 'image' } });
    mod.validateFns = new Proxy({}, { get: () => Object.assign(() => true, { errors: null }) });
    renderWithProviders(<SchemaForm name="demo" module={mod} />);
    fireEvent.click(screen.getByLabelText('Original'));
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText(/^Verification code/), { target: { files: [file] } });
    expect(await screen.findByAltText('Selected image')).toHaveAttribute('src', '/uploads/abc.jpg');
    expect(api.module.upload).toHaveBeenCalledWith(file);
    // The preview stands for the file; the picker, drawn as our button over the browser's input, now offers to change it.
    const input = screen.getByLabelText(/^Verification code/) as HTMLInputElement;
    expect(input).toHaveClass('f-file__input');
    expect(input.nextElementSibling).toHaveTextContent('Change image');
  });

  it('image: refuses a non-image file', async () => {
    const mod = moduleWith({ pic: { type: 'string' } }, { pic: { 'ui:title': 'register.code.label', 'ui:widget': 'image' } });
    mod.validateFns = new Proxy({}, { get: () => Object.assign(() => true, { errors: null }) });
    renderWithProviders(<SchemaForm name="demo" module={mod} />);
    fireEvent.change(screen.getByLabelText(/^Verification code/), { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
    expect(feedback.toast).toHaveBeenCalledWith('Please choose an image');
    expect(api.module.upload).not.toHaveBeenCalled();
  });
});
