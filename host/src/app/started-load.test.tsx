import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { startLoad, useStartedLoad, type StartedLoad } from './started-load';

class ShowFailure extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  override render() {
    return this.state.message ? <p role="alert">{this.state.message}</p> : this.props.children;
  }
}

function Greeting({ load }: { load: StartedLoad<string> }) {
  const text = useStartedLoad(load);
  return text ? <h1>{text}</h1> : <p>Waiting</p>;
}

function deferred() {
  let settle = { resolve: (_: string) => {}, reject: (_: Error) => {} };
  const promise = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

describe('a load started before its render', () => {
  it('renders what it has until the load ends, then the value', async () => {
    const pending = deferred();
    const load = startLoad(() => pending.promise);
    render(<Greeting load={load} />);
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    await act(async () => pending.resolve('Hello'));
    expect(screen.getByRole('heading', { level: 1, name: 'Hello' })).toBeInTheDocument();
  });

  it('ended before the render shows the value at once', async () => {
    const load = startLoad(async () => 'Hello');
    await load.loading;
    render(<Greeting load={load} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Hello' })).toBeInTheDocument();
  });

  it('that fails throws its error to the error boundary', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const pending = deferred();
    const load = startLoad(() => pending.promise);
    render(
      <ShowFailure>
        <Greeting load={load} />
      </ShowFailure>,
    );
    await act(async () => pending.reject(new Error('The chunk could not load')));
    expect(screen.getByRole('alert')).toHaveTextContent('The chunk could not load');
  });

  it('subscribes to its load once, not again on every render', async () => {
    const pending = deferred();
    const load = startLoad(() => pending.promise);
    // Each subscription waits on the load with `then`: count them.
    const then = jest.spyOn(load.loading, 'then');
    const { rerender } = render(<Greeting load={load} />);
    for (let i = 0; i < 5; i++) rerender(<Greeting load={load} />);
    expect(then).toHaveBeenCalledTimes(1);
    await act(async () => pending.resolve('Hello'));
    expect(screen.getByRole('heading', { level: 1, name: 'Hello' })).toBeInTheDocument();
  });

  it('subscribes to a new load when it is given one', async () => {
    const first = startLoad(async () => 'First');
    const pending = deferred();
    const second = startLoad(() => pending.promise);
    await first.loading;
    const { rerender } = render(<Greeting load={first} />);
    expect(screen.getByRole('heading', { level: 1, name: 'First' })).toBeInTheDocument();
    rerender(<Greeting load={second} />);
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    await act(async () => pending.resolve('Second'));
    expect(screen.getByRole('heading', { level: 1, name: 'Second' })).toBeInTheDocument();
  });
});
