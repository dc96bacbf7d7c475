import { render, screen, waitFor } from '@testing-library/react';
import Highcharts from 'highcharts';
import { RingChart } from './RingChart';

jest.mock('highcharts', () => ({ __esModule: true, default: { chart: jest.fn() } }));

const chart = jest.mocked(Highcharts.chart);

function mockChartInstance() {
  const instance = { destroy: jest.fn() };
  chart.mockImplementation((() => instance) as unknown as typeof Highcharts.chart);
  return instance;
}

describe('RingChart', () => {
  it('has a text alternative with net pay, gross pay and deductions', () => {
    mockChartInstance();
    render(<RingChart netPay={1234.56} grossPay={1650} totalDeductions={415.44} />);
    expect(screen.getByRole('img', { name: 'Net pay £1,234.56 of gross pay £1,650.00; deductions £415.44' })).toBeInTheDocument();
  });

  it('draws the chart into its div with the spec options, and destroys it on unmount', async () => {
    const instance = mockChartInstance();
    const { unmount } = render(<RingChart netPay={1234.56} grossPay={1650} totalDeductions={415.44} />);
    await waitFor(() => expect(chart).toHaveBeenCalledTimes(1));
    const [target, options] = chart.mock.calls[0] as unknown as [HTMLElement, Highcharts.Options];
    expect(target).toBe(screen.getByTestId('ring-chart-canvas'));
    expect(options.chart).toMatchObject({ type: 'pie', height: 56 });
    expect(options.plotOptions?.pie).toMatchObject({ innerSize: '62%', size: 50 });
    expect(options.series?.[0]).toMatchObject({
      data: [
        { name: 'Deductions', y: 415.44, color: '#E59AC9' },
        { name: 'Net pay', y: 1234.56, color: '#cb3493' },
      ],
    });
    unmount();
    expect(instance.destroy).toHaveBeenCalledTimes(1);
  });

  it('draws a new chart when the values change', async () => {
    const instance = mockChartInstance();
    const { rerender } = render(<RingChart netPay={100} grossPay={150} totalDeductions={50} />);
    await waitFor(() => expect(chart).toHaveBeenCalledTimes(1));
    rerender(<RingChart netPay={200} grossPay={260} totalDeductions={60} />);
    await waitFor(() => expect(chart).toHaveBeenCalledTimes(2));
    expect(instance.destroy).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('img')).toHaveAccessibleName('Net pay £200.00 of gross pay £260.00; deductions £60.00');
  });

  it('does not draw when unmounted before Highcharts has loaded', async () => {
    mockChartInstance();
    const { unmount } = render(<RingChart netPay={100} grossPay={150} totalDeductions={50} />);
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chart).not.toHaveBeenCalled();
  });
});
