// Installs the portal's service worker (host/dist/sw.js) in production builds only: a development
// server rebuilds files under the same names, which a worker's caches would hide.
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.error('The offline service worker could not be installed.', error);
    });
  // After the page's own loading, so the worker's downloads never slow the first render.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
