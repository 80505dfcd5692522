import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { Boot } from './app/boot';
import { reportError } from './lib/monitoring';
import './ui/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing in index.html');

createRoot(root, { onUncaughtError: (error) => reportError(error) }).render(
  <StrictMode>
    <Boot>{(config) => <App config={config} />}</Boot>
  </StrictMode>,
);
