import { createRoot } from 'react-dom/client';
import { App } from './App';
import './app.css';
import { openBrowserWorkspace } from './files';
import { loadConfig } from './settings-store';

const root = createRoot(document.getElementById('root')!);
Promise.all([loadConfig(), openBrowserWorkspace()]).then(([loaded, opened]) => root.render(<App loaded={loaded} opened={opened} />));
