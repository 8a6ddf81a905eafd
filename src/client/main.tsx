/**
 * Entry: the configuration (inline in the HTML, else fetched), storage migration, theme, language, then
 * the shell; launch tasks run alongside the first render.
 */
import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from './i18n/I18nProvider';
import { App } from './shell/App';
import { applyTheme } from './shell/appConfig';
import { fetchBoot, initConfiguration, readBoot, subscribeConfiguration } from './state/configuration';
import { migrateStorage, runLaunchTasks } from './state/launch';
import { appState, applyDocumentLanguage } from './state/store';

async function start(): Promise<void> {
  initConfiguration(readBoot() ?? await fetchBoot());
  migrateStorage();
  applyTheme();
  subscribeConfiguration(() => applyTheme());
  applyDocumentLanguage(appState.get().lang);

  const container = document.getElementById('app');
  if (!container) throw new Error('#app is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider>
        <App />
      </I18nProvider>
    </StrictMode>,
  );
  void runLaunchTasks();
}

void start();
