import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { BackLink } from './BackLink';
import { Notice } from './Notice';
import { PageHeading } from './PageHeading';
import { SearchBox } from './SearchBox';
import { SectionUnavailable } from './SectionUnavailable';
import { SelectField } from './SelectField';
import { Spinner } from './Spinner';

describe('Notice', () => {
  it('is an alert for errors, with a title and text', () => {
    render(
      <Notice title="Incorrect code" tone="error">
        Please enter a correct linking code.
      </Notice>,
    );
    const alert = screen.getByRole('alert', { name: 'Incorrect code' });
    expect(alert).toHaveTextContent('Incorrect code');
    expect(alert).toHaveTextContent('Please enter a correct linking code.');
  });

  it('is a status otherwise', () => {
    render(<Notice title="Code sent" tone="success" />);
    expect(screen.getByRole('status', { name: 'Code sent' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('calls onDismiss from the Dismiss button', async () => {
    const user = userEvent.setup();
    function Parent() {
      const [shown, setShown] = useState(true);
      return shown ? <Notice title="Code sent" onDismiss={() => setShown(false)} /> : <p>gone</p>;
    }
    render(<Parent />);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Code sent')).not.toBeInTheDocument();
    expect(screen.getByText('gone')).toBeInTheDocument();
  });

  it('hides itself when no onDismiss is given, from the keyboard too', async () => {
    const user = userEvent.setup();
    render(<Notice title="Error viewing P60" tone="error" />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('BackLink', () => {
  it("links to the given path with 'Go back' or other text", async () => {
    const router = createMemoryRouter(
      [
        { path: '/setup/link', element: <BackLink to="/" /> },
        { path: '/', element: <BackLink to="/payslips">Back</BackLink> },
      ],
      { initialEntries: ['/setup/link'] },
    );
    const user = userEvent.setup();
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('link', { name: 'Go back' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/payslips');
  });
});

describe('PageHeading', () => {
  it('is an h1 that takes focus on mount without entering the tab order', () => {
    render(<PageHeading>Documents</PageHeading>);
    const heading = screen.getByRole('heading', { level: 1, name: 'Documents' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('can leave focus alone', () => {
    render(<PageHeading focusOnMount={false}>Home</PageHeading>);
    expect(screen.getByRole('heading', { name: 'Home' })).not.toHaveFocus();
  });
});

describe('SearchBox', () => {
  it('is a labelled search input that reports typing', async () => {
    const user = userEvent.setup();
    function Parent() {
      const [value, setValue] = useState('');
      return (
        <>
          <SearchBox value={value} onChange={setValue} placeholder="Search..." label="Search documents" />
          <p>query: {value}</p>
        </>
      );
    }
    render(<Parent />);
    const input = screen.getByRole('searchbox', { name: 'Search documents' });
    expect(input).toHaveAttribute('type', 'search');
    expect(input).toHaveAttribute('placeholder', 'Search...');
    expect(screen.getByText('Search documents')).toHaveClass('ui-visually-hidden');
    await user.type(input, 'P60');
    expect(screen.getByText('query: P60')).toBeInTheDocument();
  });

  it("defaults the label to 'Search'", () => {
    render(<SearchBox value="" onChange={() => {}} />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
  });
});

describe('Spinner', () => {
  it("is a status saying 'Loading…'", () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });
});

describe('SectionUnavailable', () => {
  it('explains the problem and retries', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    render(<SectionUnavailable onRetry={onRetry} />);
    const region = screen.getByRole('region', { name: 'This section is unavailable' });
    expect(screen.getByRole('heading', { level: 1, name: 'This section is unavailable' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load this part of the portal. Check your connection and try again.');
    expect(region).toContainElement(screen.getByRole('button', { name: 'Try again' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('can use an h2 inside a page', () => {
    render(<SectionUnavailable onRetry={() => {}} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'This section is unavailable' })).toBeInTheDocument();
  });
});

describe('SelectField', () => {
  it('is a labelled drop-down list that reports the choice', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(
      <SelectField
        label="Tax year"
        value="2026/27"
        options={[
          { value: '2026/27', label: '2026/27' },
          { value: '2025/26', label: '2025/26' },
        ]}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Tax year' });
    expect(select).toHaveDisplayValue('2026/27');
    await user.selectOptions(select, '2025/26');
    expect(onChange).toHaveBeenCalledWith('2025/26');
  });
});
