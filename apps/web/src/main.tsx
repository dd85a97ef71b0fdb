import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { apiClient } from './lib/api-client';
import { i18n, initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { isPublicPath } from './lib/session';
import { mapConfigQuery } from './map/map-config';
import './styles/app.css';

async function start() {
  const queryClient = createQueryClient();
  // A signed-in user's maps wait for the basemap setting before they add the basemap: asked while the
  // translations load, it is there when the first map mounts. (Asked by the shell once it had rendered, it
  // came after home's map was made: the basemap's tiles started 0.1-0.4 s after the strokes' source.)
  if (apiClient.tokens.hasSession() && !isPublicPath(window.location.pathname)) {
    void queryClient.prefetchQuery(mapConfigQuery);
  }
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
      <App i18n={i18n} queryClient={queryClient} />
    </StrictMode>,
  );
}

void start();
