/**
 * Entry: the request layer's connection to the app, the configuration (inline in the HTML, else fetched),
 * storage migration, theme, language, then the shell; launch tasks run alongside the first render.
 */
import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme } from './platform/appConfig';
import { fetchBoot, initConfiguration, readBoot, subscribeConfiguration } from './platform/configuration';
import { App } from './shell/App';
import { AppI18nProvider } from './shell/AppI18nProvider';
import { connectRequests } from './shell/connectRequests';
import { migrateStorage, runLaunchTasks } from './shell/launch';
import { appState, applyDocumentLanguage } from './state/store';

async function start(): Promise<void> {
  connectRequests();
  initConfiguration(readBoot() ?? await fetchBoot());
  migrateStorage();
  applyTheme();
  subscribeConfiguration(() => applyTheme());
  applyDocumentLanguage(appState.get().lang);

  const container = document.getElementById('app');
  if (!container) throw new Error('#app is missing from index.html');
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
