import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18n, initI18n } from './lib/i18n';
import './styles/app.css';

async function start() {
  // Translations load before the first render so no screen flashes untranslated keys.
  await initI18n(i18n, {
    storage: localStorage,
    browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
    document,
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
}

void start();
