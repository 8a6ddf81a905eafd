/**
 * Entry: the request layer's connection to the app, the configuration (inline in the HTML, else fetched),
 * storage migration, theme, language, then the shell; launch tasks run alongside the first render.
 */
import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme } from './platform/appConfig';
import { restoreTheme } from './state/theme';
import { fetchBoot, getManifest, initConfiguration, readBoot, subscribeConfiguration } from './platform/configuration';
import { onFirstScreen } from './platform/firstScreen';
import { holdBootOutline, keepBootHero } from './runtime/bootHero';
import { prefetchScreen } from './runtime/prefetchScreen';
import type { ScreenDefinition } from './runtime/types';
import type { BootData } from '../shared/config/manifest';
import { App } from './shell/App';
import { AppI18nProvider } from './shell/AppI18nProvider';
import { connectRequests } from './shell/connectRequests';
import { migrateStorage, runLaunchTasks } from './shell/launch';
import { knownAtOpen, loadScreenPage } from './shell/screenModules';
import { appState, settleLanguage } from './state/store';

/**
 * The opening screen is asked for now, while React starts: the inlined home screen's data, or a deep link's
 * definition, code, data and the rest of the messages (its page asks again when it renders and shares what is
 * on its way: one request each). A failure is left to that page to show.
 */
function startOpeningScreen(boot: BootData): void {
  const route = window.location.hash.replace(/^#/, '').split('?')[0];
  if (boot.home && (route === '' || route === '/' || route === boot.home.route)) {
    void prefetchScreen(boot.home.screen as ScreenDefinition, Boolean(appState.get().token), knownAtOpen());
  } else if (Object.prototype.hasOwnProperty.call(getManifest().screens, route)) {
    void loadScreenPage(route).catch(() => undefined);
  }
}

async function start(): Promise<void> {
  connectRequests();
  const boot = readBoot() ?? await fetchBoot();
  initConfiguration(boot);
  migrateStorage();
  restoreTheme();
  applyTheme();
  subscribeConfiguration(() => applyTheme());
  settleLanguage();
  subscribeConfiguration(settleLanguage);
  startOpeningScreen(boot);

  const container = document.getElementById('app');
  if (!container) throw new Error('#app is missing from index.html');
  keepBootHero();
  holdBootOutline(container, onFirstScreen);
  createRoot(container).render(
    <StrictMode>
      <AppI18nProvider>
        <App />
      </AppI18nProvider>
    </StrictMode>,
  );
  void runLaunchTasks();
}

void start();
