import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  actionSheet, confirmDialog, hideLoading, resetFeedback, showLoading, toast, toastDuration,
} from '../../../src/client/platform/feedback';
import { HashRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '../../../src/client/shell/App';
import { FeedbackHost as Host } from '../../../src/client/shell/FeedbackHost';
import { renderWithIntl } from '../../support/renderWithIntl';

/** The host as the app mounts it: inside the hash router. */
const FeedbackHost = () => <HashRouter future={ROUTER_FUTURE}><Host /></HashRouter>;

beforeEach(() => resetFeedback());
afterEach(() => jest.useRealTimers());

test('toast shows in a status region for at least 2500 ms, longer for a longer text', async () => {
  jest.useFakeTimers();
  renderWithIntl(<FeedbackHost />);
  act(() => toast('Saved'));
  expect(screen.getByRole('status')).toHaveTextContent('Saved');
  act(() => { jest.advanceTimersByTime(2499); });
  expect(screen.getByRole('status')).toHaveTextContent('Saved');
  act(() => { jest.advanceTimersByTime(1); });
  expect(screen.getByRole('status')).toHaveTextContent('');
  const long = 'Your withdrawal request was submitted and is waiting for review';
  expect(toastDuration(long)).toBe(1000 + long.length * 60);
  expect(toastDuration('x'.repeat(500))).toBe(6000);
  act(() => toast(long));
  act(() => { jest.advanceTimersByTime(toastDuration(long) - 1); });
  expect(screen.getByRole('status')).toHaveTextContent(long);
  act(() => { jest.advanceTimersByTime(1); });
  expect(screen.getByRole('status')).toHaveTextContent('');
});

test('a custom duration and a replacing toast', () => {
  jest.useFakeTimers();
  renderWithIntl(<FeedbackHost />);
  act(() => toast('first', 5000));
  act(() => toast('second', 3000));
  expect(screen.getByRole('status')).toHaveTextContent('second');
  act(() => { jest.advanceTimersByTime(2999); });
  expect(screen.getByRole('status')).toHaveTextContent('second');
  act(() => { jest.advanceTimersByTime(1); });
  expect(screen.getByRole('status')).toHaveTextContent('');
});

test('confirm dialog: role dialog, focus on confirm, resolves true; focus restored', async () => {
  const user = userEvent.setup();
  renderWithIntl(<><button type="button">opener</button><FeedbackHost /></>);
  const opener = screen.getByText('opener');
  opener.focus();
  let result!: Promise<boolean>;
  act(() => { result = confirmDialog({ title: 'Delete?', message: 'This cannot be undone' }); });
  const dialog = screen.getByRole('dialog', { name: 'Delete?' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(dialog).toHaveAccessibleDescription('This cannot be undone');
  expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'OK' }));
  await expect(result).resolves.toBe(true);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(opener).toHaveFocus();
});

test('confirm dialog: Cancel and Escape resolve false; Tab is trapped', async () => {
  const user = userEvent.setup();
  renderWithIntl(<FeedbackHost />);
  let result!: Promise<boolean>;
  act(() => { result = confirmDialog({ message: 'Sure?', confirmText: 'Yes', cancelText: 'No' }); });
  expect(screen.getByRole('dialog', { name: 'Sure?' })).toBeInTheDocument();
  await user.tab();
  expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
  await user.tab({ shift: true });
  expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'No' }));
  await expect(result).resolves.toBe(false);

  act(() => { result = confirmDialog({ message: 'Again?' }); });
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
  await expect(result).resolves.toBe(false);
});

test('action sheet resolves the chosen index, or null on cancel', async () => {
  const user = userEvent.setup();
  renderWithIntl(<FeedbackHost />);
  let result!: Promise<number | null>;
  act(() => { result = actionSheet({ title: 'Pick', items: ['Camera', 'Album'] }); });
  expect(screen.getByRole('dialog', { name: 'Pick' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Camera' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Album' }));
  await expect(result).resolves.toBe(1);
  act(() => { result = actionSheet({ items: ['A'] }); });
  expect(screen.getByRole('dialog', { name: 'Actions' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await expect(result).resolves.toBeNull();
});

test('loading indicator follows a counter', () => {
  renderWithIntl(<FeedbackHost />);
  act(() => { showLoading(); showLoading(); });
  expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  act(() => hideLoading());
  expect(screen.getByRole('progressbar')).toBeInTheDocument();
  act(() => hideLoading());
  expect(screen.queryByRole('progressbar')).toBeNull();
});

test('leaving the route dismisses the dialog and the sheet opened on it (the back button closes a modal)', async () => {
  window.location.hash = '#/pages/index/index';
  renderWithIntl(<FeedbackHost />);
  let confirmed: Promise<boolean> = Promise.resolve(true);
  let chosen: Promise<number | null> = Promise.resolve(0);
  act(() => { confirmed = confirmDialog({ message: 'Leave?' }); });
  act(() => { chosen = actionSheet({ items: ['a', 'b'] }); });
  expect(screen.getAllByRole('dialog')).toHaveLength(2);
  await act(async () => {
    window.location.hash = '#/pages/my/index';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
  await expect(confirmed).resolves.toBe(false);
  await expect(chosen).resolves.toBeNull();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  // One opened after arriving stays.
  act(() => { confirmed = confirmDialog({ message: 'Stay?' }); });
  expect(screen.getByRole('dialog')).toHaveTextContent('Stay?');
});

test('a toast shown while a sheet is open moves to the top, clear of the sheet; back at the bottom without one', async () => {
  const sheet = (
    <div className="f-confirm-backdrop">
      <div role="dialog" aria-modal="true" aria-label="Confirm"><label htmlFor="pw">Payment password</label><input id="pw" /></div>
    </div>
  );
  const { rerender } = renderWithIntl(<><FeedbackHost />{sheet}</>);
  act(() => toast('Wrong payment password'));
  expect(screen.getByRole('status')).toHaveClass('toast-region--over-modal');
  rerender(<FeedbackHost />);
  act(() => toast('Saved'));
  expect(screen.getByRole('status')).toHaveTextContent('Saved');
  await waitFor(() => expect(screen.getByRole('status')).not.toHaveClass('toast-region--over-modal'));
});

test('a sheet opened while a toast shows moves the toast to the top', async () => {
  renderWithIntl(<FeedbackHost />);
  act(() => toast('Copied'));
  expect(screen.getByRole('status')).not.toHaveClass('toast-region--over-modal');
  const sheet = document.createElement('div');
  sheet.setAttribute('role', 'dialog');
  sheet.setAttribute('aria-modal', 'true');
  act(() => { document.body.appendChild(sheet); });
  await waitFor(() => expect(screen.getByRole('status')).toHaveClass('toast-region--over-modal'));
  sheet.remove();
});

test('the confirm dialog moves a toast to the top', async () => {
  renderWithIntl(<FeedbackHost />);
  act(() => { void confirmDialog({ title: 'Delete?', message: 'This cannot be undone' }); });
  act(() => toast('Deleted'));
  expect(screen.getByRole('status')).toHaveClass('toast-region--over-modal');
});
