/**
 * Entry: the request layer's connection to the app, the configuration (inline in the HTML, else fetched),
 * storage migration, theme, language, then the shell; launch tasks run alongside the first render.
 */
import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme } from './platform/appConfig';
import { fetchBoot, initConfiguration, readBoot, subscribeConfiguration } from './platform/configuration';
import { onFirstScreen } from './platform/firstScreen';
import { holdBootOutline, keepBootHero } from './runtime/bootHero';
import { prefetchScreen } from './runtime/prefetchScreen';
import type { ScreenDefinition } from './runtime/types';
import type { BootData } from '../shared/config/manifest';
import { App } from './shell/App';
import { AppI18nProvider } from './shell/AppI18nProvider';
import { connectRequests } from './shell/connectRequests';
import { migrateStorage, runLaunchTasks } from './shell/launch';
import { appState, settleLanguage } from './state/store';

/** When the page opens on the inlined home screen, its data is asked for now, while React starts. */
function prefetchOpeningScreen(boot: BootData): void {
  const route = window.location.hash.replace(/^#/, '').split('?')[0];
  if (boot.home && (route === '' || route === '/' || route === boot.home.route)) {
    void prefetchScreen(boot.home.screen as ScreenDefinition, Boolean(appState.get().token));
  }
}

async function start(): Promise<void> {
  connectRequests();
  const boot = readBoot() ?? await fetchBoot();
  initConfiguration(boot);
  migrateStorage();
  prefetchOpeningScreen(boot);
  applyTheme();
  subscribeConfiguration(() => applyTheme());
  settleLanguage();
  subscribeConfiguration(settleLanguage);

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
