import { act, render, screen } from '@testing-library/react';
import { OFFLINE_ANSWER_MESSAGE } from './cache-rules';
import { OfflineBanner } from './OfflineBanner';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** A stand-in for navigator.serviceWorker: the banner listens to its messages. */
function fakeServiceWorkerContainer() {
  const target = new EventTarget();
  Object.defineProperty(window.navigator, 'serviceWorker', { configurable: true, value: target });
  return (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data }));
}

afterEach(() => {
  setOnline(true);
  delete (window.navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('the offline banner', () => {
  it('shows nothing online', () => {
    setOnline(true);
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so when the browser goes offline, and goes when it is back', () => {
    setOnline(true);
    render(<OfflineBanner />);
    act(() => setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent('You are offline; showing what you saw last');
    act(() => setOnline(true));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows at once on a page opened offline', () => {
    setOnline(false);
    render(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline; showing what you saw last');
  });

  it('shows when the service worker answered from its copy although the browser thinks it is online', () => {
    setOnline(true);
    const postFromWorker = fakeServiceWorkerContainer();
    render(<OfflineBanner />);
    act(() => postFromWorker({ type: 'something else' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => postFromWorker({ type: OFFLINE_ANSWER_MESSAGE, atMs: Date.now() }));
    expect(screen.getByRole('status')).toHaveTextContent('You are offline; showing what you saw last');
  });

  it('goes when the browser is back online, though the worker tells of a copy it answered just before', () => {
    setOnline(false);
    const postFromWorker = fakeServiceWorkerContainer();
    render(<OfflineBanner />);
    const answeredAtMs = Date.now() - 20;
    act(() => setOnline(true));
    act(() => postFromWorker({ type: OFFLINE_ANSWER_MESSAGE, atMs: answeredAtMs }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // A copy answered after that is news again: the network failed although the browser is online.
    act(() => postFromWorker({ type: OFFLINE_ANSWER_MESSAGE, atMs: Date.now() + 1 }));
    expect(screen.getByRole('status')).toHaveTextContent('You are offline; showing what you saw last');
  });
});
