import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { withLaterMessages } from '../../src/i18n';
import { usePlannerStore } from '../../src/state/store';
import { DeferredScenario } from '../../src/ui/common/deferredScenario';
import { DeploymentTable } from '../../src/ui/cost/DeploymentTable';
import { RssUnderChurn } from '../../src/ui/cost/RssUnderChurn';
import { useDeferredEstimate } from '../../src/ui/common/deferredScenario';
import { cell } from './helpers';
import { deploymentDescription } from '../../src/ui/assumptions/planDescription';
import { estimateOf, resolvedOf } from '../../src/state/derived';
import { runEstimate } from '../../src/cli/estimate';
import type { CliRss } from '../../src/cli/rssResult';
import { formatBytes } from '../../src/format/quantities';

function Deployment() {
  return <DeploymentTable estimate={useDeferredEstimate()} />;
}

/** The churn panel as the page has it, after `before` (the deployment table, where a test compares them). */
function renderPanel(before?: ReactNode) {
  render(
    <DeferredScenario>
      {before}
      <RssUnderChurn />
    </DeferredScenario>,
  );
}

/** 300 M session strings on Valkey 9.1: the sizes decide the nodes. */
const sessions = { name: 'sessions', keys: 300_000_000, keyBytes: 16, type: 'string' as const, valueBytes: 100, ttlFraction: 0 };

describe('RSS under churn on the page', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));

  it('takes the churn of a string workload, and sizes the nodes by the modelled RSS with why and what would free nodes', async () => {
    usePlannerStore.setState({ scenario: { schema: 1, workloads: [sessions], versions: ['9.1'] } });
    const user = userEvent.setup();
    renderPanel(<Deployment />);
    const before = cell('9.1', 'RSS per node', 'Deployment per version');
    const churn = screen.getByRole('group', { name: 'Churn of sessions' });
    const deleted = within(churn).getByLabelText('Keys deleted, not replaced');
    await user.clear(deleted);
    await user.type(deleted, '50');
    await user.tab();
    expect(usePlannerStore.getState().scenario.churn).toEqual([{ workload: 'sessions', deletedShare: 0.5 }]);
    const panel = screen.getByRole('region', { name: 'RSS under churn' });
    await waitFor(() =>
      expect(panel).toHaveTextContent(/9\.1: RSS [\d.]+ GiB per node for used_memory [\d.]+ GiB, a fragmentation of 1\.8\d/),
    );
    expect(panel).toHaveTextContent('The plan uses the modelled ratio 1.8');
    expect(panel).toHaveTextContent(
      /Why this number: the 112-byte class leaves [\d.]+ GiB per node empty \(its slabs 50(\.0)? % full\)/,
    );
    expect(panel).toHaveTextContent(/activedefrag yes \(or a restart\) would need 3 nodes instead of 5/);
    // The deployment table follows: half the keys' used_memory, nearly all their RSS.
    await waitFor(() => expect(cell('9.1', 'RSS per node', 'Deployment per version')).not.toBe(before));
  });

  it("shows the command's figures: RSS and used_memory per node, the ratio, the emptiest class and the nodes", async () => {
    const scenario = {
      schema: 1 as const,
      workloads: [sessions],
      versions: ['9.1' as const],
      churn: [{ workload: 'sessions', deletedShare: 0.5 }],
    };
    const out = runEstimate(['-'], () => JSON.stringify(scenario));
    const [cli] = (JSON.parse(out.stdout) as { rss: CliRss }).rss;
    usePlannerStore.setState({ scenario });
    renderPanel();
    const panel = screen.getByRole('region', { name: 'RSS under churn' });
    await waitFor(() => expect(panel).toHaveTextContent(/9\.1: RSS/));
    const text = panel.textContent!;
    expect(text).toContain(
      `9.1: RSS ${formatBytes(cli!.rssPerNodeBytes)} per node for used_memory ${formatBytes(cli!.usedMemoryPerNodeBytes)}, a fragmentation of ${cli!.impliedFragmentationRatio.toFixed(2)}`,
    );
    const named = cli!.emptiestClasses[0]!;
    expect(text).toContain(`the ${named.classBytes}-byte class leaves ${formatBytes(named.emptyBytesPerNode)} per node empty`);
    expect(text).toContain(`would need ${cli!.nodesWhenFresh} nodes instead of ${cli!.nodes}`);
  });

  it("leaves the new keys' value size empty while they keep the loaded sizes, and refuses 0 bytes by name", async () => {
    usePlannerStore.setState({
      scenario: { schema: 1, workloads: [sessions], versions: ['9.1'], churn: [{ workload: 'sessions', replacedPerDay: 0.1 }] },
    });
    const user = userEvent.setup();
    renderPanel();
    const churn = screen.getByRole('group', { name: 'Churn of sessions' });
    const size = within(churn).getByLabelText('Value size of the new keys');
    expect(size).toHaveValue('');
    expect(size.closest('.field')).toHaveTextContent('the same sizes as the loaded keys');
    await user.type(size, '0');
    expect(size).toHaveAttribute('aria-invalid', 'true');
    expect(usePlannerStore.getState().scenario.churn).toEqual([{ workload: 'sessions', replacedPerDay: 0.1 }]);
    await user.clear(size);
    await user.type(size, '400');
    await user.tab();
    expect(usePlannerStore.getState().scenario.churn).toEqual([
      { workload: 'sessions', replacedPerDay: 0.1, newValueBytes: 400 },
    ]);
    await user.clear(size);
    await user.tab();
    expect(usePlannerStore.getState().scenario.churn).toEqual([{ workload: 'sessions', replacedPerDay: 0.1 }]);
  });

  it('names a typed ratio as such, and goes back to the modelled one on request', async () => {
    usePlannerStore.setState({
      scenario: {
        schema: 1,
        workloads: [sessions],
        versions: ['9.1'],
        deployment: { fragmentationRatio: 1.2 },
        churn: [{ workload: 'sessions', deletedShare: 0.5 }],
      },
    });
    const user = userEvent.setup();
    renderPanel();
    const panel = screen.getByRole('region', { name: 'RSS under churn' });
    expect(panel).toHaveTextContent('The plan uses the ratio you typed, 1.2, not the modelled one.');
    await user.click(within(panel).getByRole('button', { name: 'Use the modelled ratio' }));
    await waitFor(() => expect(panel).toHaveTextContent('The plan uses the modelled ratio 1.8'));
  });

  it("says in the plan's assumptions that the ratio is modelled, per line, and a typed one as before", () => {
    const given = {
      schema: 1 as const,
      workloads: [sessions],
      versions: ['9.1' as const],
      churn: [{ workload: 'sessions', deletedShare: 0.5 }],
    };
    expect(deploymentDescription(given, resolvedOf(given), estimateOf(given))).toContainEqual(
      expect.stringMatching(/^fragmentation ratio modelled from the churn \(RSS under churn\): 1\.8\d$/),
    );
    const typed = { ...given, deployment: { fragmentationRatio: 1.2 } };
    expect(deploymentDescription(typed, resolvedOf(typed), estimateOf(typed))).toContain('fragmentation ratio 1.2');
  });

  it('takes activedefrag as a setting: counted on the bundled jemalloc, named unavailable where the build refuses it', async () => {
    const halfDeleted = {
      schema: 1 as const,
      workloads: [sessions],
      versions: ['9.1' as const],
      churn: [{ workload: 'sessions', deletedShare: 0.5 }],
    };
    usePlannerStore.setState({ scenario: halfDeleted });
    const user = userEvent.setup();
    renderPanel();
    const panel = screen.getByRole('region', { name: 'RSS under churn' });
    await user.click(within(panel).getByRole('checkbox', { name: 'activedefrag yes on the servers' }));
    expect(usePlannerStore.getState().scenario.deployment?.activedefrag).toBe(true);
    await waitFor(() => expect(panel).toHaveTextContent(/With activedefrag: RSS [\d.]+ GiB per node instead of [\d.]+ GiB/));
    expect(panel).toHaveTextContent(/The plan uses the modelled ratio 1\.1\d/);
    // The emptiest classes are what a pass starts from, not what the plan holds: said so.
    expect(panel).toHaveTextContent(/Without activedefrag: the \d+-byte class leaves/);
    expect(panel).not.toHaveTextContent('Why this number:');
    usePlannerStore.setState(({ scenario }) => ({ scenario: { ...scenario, allocator: 'jemalloc-system' } }));
    await waitFor(() =>
      expect(panel).toHaveTextContent(
        '9.1: activedefrag is set, but this build refuses it (it needs the jemalloc bundled with the server',
      ),
    );
    expect(panel).toHaveTextContent('The plan uses the modelled ratio 1.8');
    await user.click(within(panel).getByRole('checkbox', { name: 'activedefrag yes on the servers' }));
    expect(usePlannerStore.getState().scenario.deployment?.activedefrag).toBeUndefined();
  });
});
