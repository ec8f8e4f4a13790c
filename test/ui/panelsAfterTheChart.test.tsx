import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The panels below the numbers start loading once the first chart has been drawn (or its code
 * could not load): loaded at the same time, they held up the chart and the first keystroke. Each
 * test takes fresh modules: whether the first chart is done is kept once per page.
 */
describe('the panels below wait for the first chart', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.doUnmock('../../src/ui/charts/VersionsChart');
  });

  const waitingPanel = async () => {
    const { LoadAfterStart } = await import('../../src/ui/common/LoadAfterStart');
    return (
      <LoadAfterStart fallback={<p>panel waiting</p>} afterFirstChart>
        <p>panel loaded</p>
      </LoadAfterStart>
    );
  };

  /** The chart panel as the page holds it: it follows the scenario through React's deferral. */
  const deferredChartPanel = async () => {
    const { ChartPanel } = await import('../../src/ui/charts/ChartPanel');
    const { DeferredScenario } = await import('../../src/ui/common/deferredScenario');
    return (
      <DeferredScenario>
        <ChartPanel />
      </DeferredScenario>
    );
  };

  it('shows a waiting panel only once the chart panel has drawn its chart', async () => {
    const panel = await waitingPanel();
    const chartPanel = await deferredChartPanel();
    render(panel);
    // No chart on the page yet: the panel keeps waiting.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByText('panel waiting')).toBeInTheDocument();

    render(chartPanel);
    await screen.findByText('panel loaded', {}, { timeout: 10_000 });
    // The chart was drawn first.
    expect(document.querySelector('.recharts-wrapper')).not.toBeNull();
  });

  it('starts the panels anyway when the chart cannot be loaded, and says so in its place', async () => {
    vi.doMock('../../src/ui/charts/VersionsChart', () => {
      throw new Error('the chart chunk failed to load');
    });
    const panel = await waitingPanel();
    const chartPanel = await deferredChartPanel();
    render(panel);
    render(chartPanel);
    await screen.findByText('panel loaded', {}, { timeout: 10_000 });
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'This part of the page could not be shown. Reload the page to try again; the rest of the plan is not affected.',
    );
    expect(screen.getByRole('tablist', { name: 'Chart' })).toBeInTheDocument();
  });

  it('leaves parts without afterFirstChart to start at once', async () => {
    const { LoadAfterStart } = await import('../../src/ui/common/LoadAfterStart');
    render(
      <LoadAfterStart fallback={<p>waiting</p>}>
        <p>loaded</p>
      </LoadAfterStart>,
    );
    await screen.findByText('loaded');
  });
});
