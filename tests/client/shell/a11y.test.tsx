import { renderWithIntl } from '../../support/renderWithIntl';
import { act } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '../../../src/client/shell/App';
import type { ScreenDefinition } from '../../../src/client/runtime/types';
import { confirmDialog, resetFeedback, showLoading, toast } from '../../../src/client/platform/feedback';
import { FeedbackHost } from '../../../src/client/shell/FeedbackHost';
import { ScreenView } from '../../../src/client/shell/ScreenPage';
import { appState, setSiteConfig, type SiteConfig } from '../../../src/client/state/store';

jest.mock('../../../src/client/shell/screenModules', () => ({ screenRoutes: () => [], loadScreen: jest.fn(), loadRuntime: jest.fn() }));

async function violations(container: Element) {
  // jsdom has no layout, so colour contrast is checked with the palette in the style tests instead.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

beforeEach(() => {
  localStorage.clear();
  appState.reset();
  resetFeedback();
});

test('a tab screen with nav bar, tab bar, service button, toast, loading and a dialog has no axe violations', async () => {
  setSiteConfig({ zxkf_url: 'https://example.com/chat' } as SiteConfig);
  const def = { schemaVersion: 3, route: '/pages/index/index', title: 'tab.home', tab: 'home', sections: [] } as ScreenDefinition;
  const { container } = renderWithIntl(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/pages/index/index']}>
      <ScreenView definition={def} Screen={() => <p>content</p>} />
      <FeedbackHost />
    </MemoryRouter>,
  );
  act(() => {
    toast('Saved');
    showLoading();
    void confirmDialog({ title: 'Sure?', message: 'Really?' });
  });
  expect(await violations(container)).toEqual([]);
});
