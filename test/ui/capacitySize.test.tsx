import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCount } from '../../src/format/count';
import { formatBytes } from '../../src/format/quantities';
import { withLaterMessages } from '../../src/i18n';
import { capacity } from '../../src/model/capacity';
import { GIB } from '../../src/model/units';
import { LIMITS } from '../../src/scenario/limits';
import { resolveScenario } from '../../src/scenario/resolve';
import { usePlannerStore } from '../../src/state/store';
import CostPanel from '../../src/ui/cost/CostPanel';
import { DeferredScenario } from '../../src/ui/common/deferredScenario';
import { lineLabel } from '../../src/ui/common/lineLabel';
import { cell } from './helpers';

const TABLE = 'Keys that fit, per version';
const FIELD = /^Nodes of this size instead/;

describe('how many keys fit in nodes of a size typed on the page', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));

  it('16 GiB: the figures of the model for 16 GiB nodes, and back to the instance type when emptied', async () => {
    const user = userEvent.setup();
    render(
      <DeferredScenario>
        <CostPanel />
      </DeferredScenario>,
    );
    await screen.findByRole('table', { name: TABLE }, { timeout: 30_000 });
    const field = screen.getByLabelText(FIELD);
    await user.type(field, '16 GiB');
    await waitFor(() =>
      expect(screen.getByText(/there is room for/)).toHaveTextContent(`1 shard of nodes of ${formatBytes(16 * GIB)} (`),
    );
    const expected = capacity(resolveScenario(usePlannerStore.getState().scenario), LIMITS.keysPerWorkload, 16 * GIB);
    expect(screen.getByText(/there is room for/)).toHaveTextContent(`room for ${formatBytes(expected.usableBytes!)} of data`);
    for (const line of expected.lines)
      expect(cell('sessions', lineLabel(line.line), TABLE)).toBe(formatCount(line.workloads[0]!.maxKeys!));

    await user.clear(field);
    await user.type(field, '16 XB');
    expect(within(field.parentElement!).getByRole('alert')).toBeInTheDocument();
    await user.clear(field);
    await waitFor(() => expect(screen.getByText(/there is room for/)).toHaveTextContent('1 shard of cache.r7g.large'));

    await user.type(field, '1 MB');
    expect(
      await screen.findByText(`An empty node of ${formatBytes(1e6)} with this headroom does not fit: no keys fit.`),
    ).toBeInTheDocument();
  });
});
