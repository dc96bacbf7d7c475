import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

function Throws({ error }: { error: unknown }): never {
  throw error;
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));

describe('the error boundary around a remote page', () => {
  it('shows the page while nothing fails', () => {
    render(
      <RemoteErrorBoundary remoteId="remote_pay/HomePage" onRetry={() => {}}>
        <h1>Home</h1>
      </RemoteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  });

  it('stands the panel in for a page that throws, logs it, and hands Try again to the page loader', async () => {
    const onRetry = jest.fn();
    render(
      <RemoteErrorBoundary remoteId="remote_pay/HomePage" onRetry={onRetry}>
        <Throws error={new Error('boom')} />
      </RemoteErrorBoundary>,
    );
    const panel = screen.getByRole('region', { name: 'This section is unavailable' });
    expect(panel).toHaveTextContent('We could not load this part of the portal. Check your connection and try again.');
    expect(console.error).toHaveBeenCalledWith('The page from remote_pay/HomePage failed.', expect.objectContaining({ message: 'boom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says why when the remote was built for another major of the contract', () => {
    const refused = new Error(
      '[ Federation Runtime ]: Version 1.0.0 from host of shared singleton module @portal/shared/contract does not satisfy the requirement of remote_pay which needs ^2.0.0)',
    );
    render(
      <RemoteErrorBoundary remoteId="remote_pay/HomePage" onRetry={() => {}}>
        <Throws error={refused} />
      </RemoteErrorBoundary>,
    );
    expect(screen.getByRole('region', { name: 'This section is unavailable' })).toHaveTextContent('This section needs a newer version of the portal.');
  });
});
