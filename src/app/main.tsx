import { createRoot } from 'react-dom/client';
import { App } from './App';
import './app.css';
import { openBrowserWorkspace } from './files';
import { loadConfig } from './settings-store';
import { ensureIsolation } from '../platform/isolation';
import { listenForUpdate, registerOfflineWorker } from '../platform/offline';

// A new deploy's worker may take over while the page is still starting.
listenForUpdate();
// Before anything loads: on a host without the isolation headers the page
// reloads once under the service worker, so nothing started is thrown away.
ensureIsolation().then((state) => {
  if (state === 'reloading') return;
  void registerOfflineWorker();
  const root = createRoot(document.getElementById('root')!);
  return Promise.all([loadConfig(), openBrowserWorkspace()]).then(([loaded, opened]) =>
    root.render(<App loaded={loaded} opened={opened} />),
  );
});
