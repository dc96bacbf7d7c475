import { render, screen } from '@testing-library/react';
import { harnessPages } from './remote-harness';

const pages = [
  { expose: './HomePage', paths: { signedIn: ['/'] }, menu: { label: 'Home', order: 0 } },
  { expose: './PickerPage', paths: { signUpIncomplete: ['/setup/select-company', '*'], signedIn: ['/select-company'] } },
];

test("a remote's harness has a page at each path of its page list, '*' left out, each loaded on first use", async () => {
  const loadExposed = jest.fn(async (expose: string) => ({ default: () => <h1>{expose}</h1> }));
  const harness = harnessPages(pages, loadExposed);
  expect(harness.map(({ path, label }) => [path, label])).toEqual([
    ['/', 'Home (/)'],
    ['/select-company', 'PickerPage (/select-company)'],
    ['/setup/select-company', 'PickerPage (/setup/select-company)'],
  ]);
  expect(loadExposed).not.toHaveBeenCalled();
  const Picker = harness[1]!.Component;
  render(<Picker />);
  expect(await screen.findByRole('heading', { name: './PickerPage' })).toBeInTheDocument();
  expect(loadExposed).toHaveBeenCalledWith('./PickerPage');
});
