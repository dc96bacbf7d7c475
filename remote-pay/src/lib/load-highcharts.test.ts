describe('loadHighcharts', () => {
  afterEach(() => jest.resetModules());

  it('loads Highcharts once and reuses it', async () => {
    const factory = jest.fn(() => ({ __esModule: true, default: { chart: jest.fn() } }));
    jest.doMock('highcharts', factory);
    const { loadHighcharts } = await import('./load-highcharts');
    const first = await loadHighcharts();
    const second = await loadHighcharts();
    expect(first).toBe(second);
    expect(typeof first.chart).toBe('function');
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    let fail = true;
    jest.doMock('highcharts', () => {
      if (fail) throw new Error('chunk failed');
      return { __esModule: true, default: { chart: jest.fn() } };
    });
    const { loadHighcharts } = await import('./load-highcharts');
    await expect(loadHighcharts()).rejects.toThrow('chunk failed');
    fail = false;
    jest.resetModules(); // forget the failed module, as a new chunk request would
    await expect(loadHighcharts()).resolves.toHaveProperty('chart');
  });
});
