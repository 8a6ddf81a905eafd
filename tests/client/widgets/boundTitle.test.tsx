/** A title that is a binding is resolved by the runtime and handed to the shell's nav bar. */
import { waitFor } from '@testing-library/react';
import Screen from '../../../src/client/widgets/Screen';
import { Providers, renderWithProviders, screenOf } from './helpers';

test('the bound title follows the query', async () => {
  const onTitle = jest.fn();
  const definition = { ...screenOf([]), title: "{{query.tab | default:'market' | t:'tab'}}" };
  const view = renderWithProviders(<Screen definition={definition} query={{ tab: 'assets' }} onTitle={onTitle} />);
  await waitFor(() => expect(onTitle).toHaveBeenLastCalledWith('Assets'));
  view.rerender(<Providers><Screen definition={definition} query={{}} onTitle={onTitle} /></Providers>);
  await waitFor(() => expect(onTitle).toHaveBeenLastCalledWith('Market'));
});

test('a plain key is left to the shell', () => {
  const onTitle = jest.fn();
  renderWithProviders(<Screen definition={{ ...screenOf([]), title: 'tab.assets' }} query={{}} onTitle={onTitle} />);
  expect(onTitle).not.toHaveBeenCalled();
});
