import { mount } from 'svelte';
import App from './App.svelte';
import { connectBridge } from './lib/bridge';
import './theme.css';

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element');
try {
  mount(App, { target, props: { bridge: connectBridge() } });
} catch (error) {
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = error instanceof Error ? error.message : String(error);
  target.replaceChildren(message);
}
