/**
 * The shop's service worker from the page's side (ADR 0024): main.tsx loads this once the page has loaded
 * and is idle. It registers the worker and, when a new version is waiting, shows the reload prompt in a root of
 * its own at the end of the page (over the app, beside it in the tree: the app's code is not touched).
 */
import { createRoot, type Root } from 'react-dom/client';
import { UpdateBar } from '../components/update-bar';
import { registerSection, withTexts } from '../i18n';
import { newVersion } from '../i18n/sections/new-version';
import { registerServiceWorker } from '../platform/service-worker';

let prompt: { host: HTMLElement; root: Root } | undefined;

/** Shows the prompt (once per page; a later version only changes what Reload does). */
export function showUpdatePrompt(apply: () => void): Promise<void> {
  registerSection('newVersion', newVersion);
  // Its texts first (in the build, a file of the active locale's); without them, the prompt all the same.
  const render = () => {
    if (!prompt?.host.isConnected) {
      prompt?.root.unmount();
      const host = document.createElement('div');
      document.body.append(host);
      prompt = { host, root: createRoot(host) };
    }
    prompt.root.render(<UpdateBar onReload={apply} />);
  };
  return withTexts(Promise.resolve()).then(render, render);
}

/**
 * Registers the worker, except in a frame: a framed shop is the staff console's preview, which shows
 * what a save changed and has no use for repeat visits. A browser without service workers, or a failed
 * registration (offline, a private window that refuses them), leaves the shop as it was without one.
 */
export function startServiceWorker(): void {
  if (window.self !== window.top) return;
  registerServiceWorker(showUpdatePrompt).catch(() => undefined);
}
