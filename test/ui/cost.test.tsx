import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { withLaterMessages } from '../../src/i18n';
import { capacityOf, costOf } from '../../src/state/costDerived';
import { estimateOf, resolvedOf } from '../../src/state/derived';
import { planDescription, planDescriptionItems } from '../../src/ui/assumptions/planDescription';
import { usePlannerStore } from '../../src/state/store';
import { formatCount } from '../../src/format/count';
import { lineLabel } from '../../src/ui/common/lineLabel';
import CostPanel from '../../src/ui/cost/CostPanel';
import { DeferredScenario } from '../../src/ui/common/deferredScenario';
import { WorkloadGrowthInput } from '../../src/ui/workload/WorkloadGrowthInput';
import { CAUGHT_UP, cell } from './helpers';

const COST = 'Cost per version';
const SERVERLESS = "Serverless: each line on its engine's offering, data stored per GB-hour and requests in ECPUs";

/** The panel as the page holds it: it follows the scenario through React's deferral. */
const DeferredCostPanel = () => (
  <DeferredScenario>
    <CostPanel />
  </DeferredScenario>
);

describe('cost panel', () => {
  // The page loads the panel together with its messages (App.tsx); rendered alone, so do they.
  beforeAll(() => withLaterMessages(Promise.resolve()));

  it('prices m7g.large from the data: 1 node x $0.0816 x 730 h = $59.57 a month, $714.82 a year', async () => {
    usePlannerStore.getState().deploymentEdited({ instanceType: 'm7g.large' });
    render(<DeferredCostPanel />);
    await waitFor(() => expect(cell('7.2', 'Per month', COST)).toBe('$59.57'), CAUGHT_UP);
    expect(cell('9.1', 'Per year', COST)).toBe('$714.82');
    expect(cell('9.1', 'vs 7.2', COST)).toBe('same');
    expect(screen.getByRole('note', { name: 'About these prices' })).toHaveTextContent('published 2026-06-17');
  });

  it('asks for the price of each engine where none is sourced, and uses the one typed, less the discount', async () => {
    const user = userEvent.setup();
    usePlannerStore.getState().deploymentEdited({ instanceType: 'cache.r7g.xlarge' });
    usePlannerStore.getState().costEdited({ region: 'eu-west-1' });
    render(<DeferredCostPanel />);
    expect(screen.getByText(/The planner has no sourced Valkey price for cache\.r7g\.xlarge in eu-west-1/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: COST })).toBeNull();
    await user.type(screen.getByLabelText('Your Valkey price per node-hour (USD)'), '0.25');
    // 1 x 0.25 x 730 = $182.50
    await waitFor(() => expect(cell('8.1', 'Per month', COST)).toBe('$182.50'), CAUGHT_UP);
    await user.clear(screen.getByLabelText('Reserved or committed discount (%)'));
    await user.type(screen.getByLabelText('Reserved or committed discount (%)'), '40');
    // 182.50 x 0.6 = $109.50
    await waitFor(() => expect(cell('8.1', 'Per month', COST)).toBe('$109.50'), CAUGHT_UP);
    expect(usePlannerStore.getState().scenario.cost).toEqual({
      region: 'eu-west-1',
      pricePerNodeHourValkey: 0.25,
      discountPercent: 40,
    });
    await user.clear(screen.getByLabelText('Your Valkey price per node-hour (USD)'));
    await waitFor(() => expect(screen.queryByRole('table', { name: COST })).toBeNull(), CAUGHT_UP);
    expect(usePlannerStore.getState().scenario.cost).toEqual({ region: 'eu-west-1', discountPercent: 40 });
  });

  it('prices Redis 7.0 and Valkey 9.1 at their engines on ElastiCache and splits the saving', async () => {
    usePlannerStore.setState(({ scenario }) => ({
      scenario: { ...scenario, versions: ['redis-7.0', '9.1'], baseline: 'redis-7.0', target: '9.1' },
    }));
    usePlannerStore.getState().deploymentEdited({ instanceType: 'cache.r7g.xlarge' });
    render(<DeferredCostPanel />);
    await waitFor(() => expect(cell('Redis 7.0', 'Per node-hour', COST)).toBe('$0.437/h (Redis OSS)'), CAUGHT_UP);
    expect(cell('9.1', 'Per node-hour', COST)).toBe('$0.3496/h (Valkey)');
    // 1 node each: 0.437 x 730 = $319.01, 0.3496 x 730 = $255.21; the $63.80 saving is all the engine's price.
    expect(
      screen.getAllByText(/9\.1 against Redis 7\.0: \$63\.80 a month, of which \$0\.00 from fewer nodes/)[0],
    ).toHaveTextContent("$63.80 from the engine's price");
    // The change request carries the same split.
    const summary = within(screen.getByRole('region', { name: 'Summary for a change request' })).getByText(/Change request/);
    expect(summary.textContent).toContain(
      "9.1 against Redis 7.0: $63.80 a month, of which $0.00 from fewer nodes (memory) and $63.80 from the engine's price.",
    );
    expect(summary.textContent).toContain('at $0.437/h (Redis OSS) and $0.3496/h (Valkey) per node');
    expect(cell('Redis 7.0', 'Offering', SERVERLESS)).toBe('ElastiCache Serverless for Redis OSS');
    expect(cell('9.1', 'Offering', SERVERLESS)).toBe('ElastiCache Serverless for Valkey');
    expect(cell('9.1', 'ECPUs', SERVERLESS)).toBe('left out');
    expect(screen.getByRole('note', { name: 'About these prices' })).toHaveTextContent(
      'cloudwise-app/cloudcostwise at commit 8495e2dedf63, which states that they were read from the AWS Price List API on 2026-10-02',
    );
  });

  it('the summary for a change request names baseline and target, money and the link', async () => {
    usePlannerStore.getState().costEdited({ pricePerNodeHour: 0.5 });
    render(<DeferredCostPanel />);
    const summary = within(screen.getByRole('region', { name: 'Summary for a change request' })).getByText(/Change request/);
    expect(summary.textContent).toContain('Change request: Valkey 7.2 → 9.1');
    // 1 node x 0.5 x 730 = $365.00 on both lines
    await waitFor(() => expect(summary.textContent).toContain('Money: $365.00/month → $365.00/month (same'), CAUGHT_UP);
    expect(summary.textContent).toContain("Months until full on today's 1 shard: 7.2 fits 1 shard for all 24 months");
    expect(summary.textContent).toMatch(/Link: http/);
  });

  it('the summary for a change request says what the plan assumes, in the words of the exports', async () => {
    usePlannerStore.getState().deploymentEdited({ providerRule: 'elasticache', shards: 4 });
    render(<DeferredCostPanel />);
    const scenario = usePlannerStore.getState().scenario;
    const assumed = planDescriptionItems(planDescription(scenario, resolvedOf(scenario), estimateOf(scenario), costOf(scenario)));
    const summary = within(screen.getByRole('region', { name: 'Summary for a change request' })).getByText(/Change request/);
    await waitFor(() => expect(summary.textContent).toContain('What this plan assumes:'), CAUGHT_UP);
    for (const item of assumed) expect(summary.textContent).toContain(`- ${item}`);
    expect(assumed.join(' ')).toContain('a reserve of 25 % of each node, by the rule of Amazon ElastiCache');
    expect(assumed.join(' ')).toContain('cluster mode on');
  });
});

/** The growth input of the first workload, fed from the store as its card feeds it. */
function FirstWorkloadGrowth() {
  const workload = usePlannerStore((s) => s.scenario.workloads[0]!);
  return <WorkloadGrowthInput index={0} workload={workload} />;
}

describe('growth input on a workload card', () => {
  it('sets keys per month, % per month, or writes/s x TTL on the workload', async () => {
    const user = userEvent.setup();
    const growth = () => usePlannerStore.getState().scenario.workloads[0]!.growth;
    render(<FirstWorkloadGrowth />);
    await user.selectOptions(screen.getByLabelText('Growth'), 'Keys per month');
    await user.clear(screen.getByLabelText('Keys added per month'));
    await user.type(screen.getByLabelText('Keys added per month'), '2M');
    expect(growth()).toEqual({ kind: 'keysPerMonth', keysPerMonth: 2_000_000 });
    await user.selectOptions(screen.getByLabelText('Growth'), '% per month');
    await user.clear(screen.getByLabelText('Growth per month (%)'));
    await user.type(screen.getByLabelText('Growth per month (%)'), '3.5');
    expect(growth()).toEqual({ kind: 'percentPerMonth', percentPerMonth: 3.5 });
    await user.selectOptions(screen.getByLabelText('Growth'), 'Writes/s × TTL (keys that expire)');
    await user.clear(screen.getByLabelText('Writes per second'));
    await user.type(screen.getByLabelText('Writes per second'), '5k');
    expect(growth()).toEqual({ kind: 'writesTimesTtl', writesPerSecond: 5000, ttlSeconds: 1800 });
    await user.selectOptions(screen.getByLabelText('Growth'), 'No growth');
    expect(growth()).toBeUndefined();
  });
});

describe('how many keys fit', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));
  const TABLE = 'Keys that fit, per version';

  it("shows, per version, the model's largest key count of each workload and the mix's factor", async () => {
    usePlannerStore.getState().deploymentEdited({ instanceType: 'm7g.large' });
    render(<DeferredCostPanel />);
    await screen.findByRole('table', { name: TABLE });
    const scenario = usePlannerStore.getState().scenario;
    const answer = capacityOf(scenario);
    expect(answer.lines.length).toBeGreaterThan(1);
    const headers = within(screen.getByRole('table', { name: TABLE }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent ?? '');
    for (const [li, line] of answer.lines.entries()) {
      const header = headers[li + 1]!;
      expect(header).toBe(lineLabel(line.line));
      for (const w of line.workloads) expect(cell(w.name, header, TABLE)).toBe(formatCount(w.maxKeys!));
      expect(cell('All workloads together', header, TABLE)).toContain(`${formatCount(line.mixKeys)} keys`);
    }
    expect(screen.getByText(/there is room for/)).toHaveTextContent('1 shard of m7g.large');
  });

  it('says plainly when not even an empty node fits', async () => {
    usePlannerStore.getState().deploymentEdited({ instanceType: 'm7g.large', processBaselineBytes: 9e9 });
    render(<DeferredCostPanel />);
    expect(
      await screen.findByText('An empty node of m7g.large with this headroom does not fit: no keys fit.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: TABLE })).toBeNull();
  });

  it('the saving is split into causes only where there is one: not at the same cost, not against itself', async () => {
    usePlannerStore.getState().deploymentEdited({ instanceType: 'm7g.large' });
    render(<DeferredCostPanel />);
    // One m7g.large node on every line: the same money, so no split; serverless's minimum alike.
    await waitFor(() => expect(cell('9.1', 'vs 7.2', COST)).toBe('same'), CAUGHT_UP);
    expect(screen.queryAllByText(/ against 7\.2: /)).toHaveLength(0);
    // 100 M keys: 7.2 needs 2 nodes, 9.1 one.
    usePlannerStore.getState().workloadEdited(0, { keys: 100_000_000 });
    // Under the cost table, under the serverless table, and in the change request.
    await waitFor(() => expect(screen.getAllByText(/9\.1 against 7\.2: /)).toHaveLength(3), CAUGHT_UP);
    usePlannerStore.getState().targetChosen('7.2');
    await waitFor(() => expect(screen.queryAllByText(/ against 7\.2: /)).toHaveLength(0), CAUGHT_UP);
  });
});
