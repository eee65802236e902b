import { createRoot } from 'react-dom/client';
import { App } from './App';
import './app.css';
import { loadConfig } from './settings-store';

const root = createRoot(document.getElementById('root')!);
loadConfig().then((loaded) => root.render(<App loaded={loaded} />));
