import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { usePlannerStore } from '../../src/state/store';
import { addCompressedShareField } from '../support/compressedShareField';
import { workloadCard } from './helpers';

/**
 * A field added through the specification alone (here, in this test only): the schema, the
 * workload card, a share link and the command line's documentation must all have it. The spec is
 * extended before anything that reads it at load time (the schema) is imported.
 */
addCompressedShareField(['string'], 'share of the values stored compressed');

const { workloadSchema } = await import('../../src/scenario/schema');
const { decodeLink, encodeLink } = await import('../../src/scenario/link');
const { linkNoticeText } = await import('../../src/scenario/linkNotice');
const { App } = await import('../../src/ui/shell/App');
const { workloadFieldsHelp } = await import('../../src/cli/scenarioFields');
const { adviceFor } = await import('../../src/model/advice');
const { applyAdvice } = await import('../../src/scenario/advice');
const { resolveScenario } = await import('../../src/scenario/resolve');
const { scenarioSchema } = await import('../../src/scenario/schema');

const workload = { name: 'blobs', keys: 1000, keyBytes: 12, type: 'string', valueBytes: 900, ttlFraction: 0 };

describe('a field added through the specification', () => {
  it('is in the schema, with its bounds, its types and its messages', () => {
    expect(workloadSchema.safeParse({ ...workload, compressedShare: 0.3 }).success).toBe(true);
    expect(workloadSchema.safeParse(workload).success).toBe(true);
    const tooMuch = workloadSchema.safeParse({ ...workload, compressedShare: 2 });
    expect(tooMuch.error?.issues.map((i) => i.message)).toEqual(['compressedShare is a share from 0 to 1']);
    const onHash = workloadSchema.safeParse({ ...workload, type: 'hash', fields: 3, fieldBytes: 5, compressedShare: 0.3 });
    expect(onHash.error?.issues.map((i) => i.message)).toEqual(['compressedShare applies to string workloads only']);
  });

  it('is on the card of the types it applies to, read as a percentage, and goes round a share link', async () => {
    const user = userEvent.setup();
    render(<App />);
    const card = within(workloadCard('sessions'));
    const input = card.getByLabelText('workload.compressedShare');
    expect(input).toHaveValue('0 %');
    await user.clear(input);
    await user.type(input, '25');
    expect(input.closest('.field')).toHaveTextContent('a number is a percentage: 2 is 2 %, 0.5 is 0.5 %');
    const scenario = usePlannerStore.getState().scenario;
    expect(scenario.workloads[0]).toMatchObject({ compressedShare: 0.25 });

    const reopened = decodeLink(encodeLink({ scenario, view: {} }));
    expect(reopened.ok && reopened.notices).toEqual([]);
    expect(reopened.state.scenario.workloads[0]).toMatchObject({ compressedShare: 0.25 });

    await user.selectOptions(card.getByLabelText('Type'), 'hash');
    expect(card.queryByLabelText('workload.compressedShare')).toBeNull();
    expect(usePlannerStore.getState().scenario.workloads[0]).not.toHaveProperty('compressedShare', 0.25);
  });

  it('a link carrying it where it does not belong loses it alone, with a notice naming it', () => {
    const hash = { ...workload, type: 'hash', fields: 3, fieldBytes: 5, compressedShare: 0.3 };
    const result = decodeLink(encodeLink({ scenario: { schema: 1, workloads: [hash as never] }, view: {} }));
    expect(result.ok && result.notices.map(linkNoticeText)).toEqual([
      'workload 1: ignored compressedShare: compressedShare applies to string workloads only',
    ]);
    const { compressedShare: _, ...kept } = hash;
    expect(result.state.scenario.workloads).toEqual([kept]);
  });

  it("is in the command line's documentation of the scenario", () => {
    expect(workloadFieldsHelp()).toMatch(
      / {2}compressedShare +a share from 0 to 1; optional for string; not on hash, set, zset, list\n +share of the values stored compressed/,
    );
  });

  it("is dropped, as the card's type switch drops it, when advice packs its strings into hashes", () => {
    const strings = { ...workload, keys: 2_000_000, valueBytes: 20, compressedShare: 0.3 };
    const scenario = scenarioSchema.parse({ schema: 1, target: '9.1', versions: ['9.1'], workloads: [strings] });
    const pack = adviceFor(resolveScenario(scenario)).find((a) => a.change.kind === 'hashBuckets');
    expect(pack).toBeDefined();
    const applied = applyAdvice(scenario, pack!.change);
    expect(scenarioSchema.safeParse(applied).error?.issues ?? []).toEqual([]);
    expect(applied.workloads[0]).toMatchObject({ type: 'hash', keys: 20_000, fields: 100, fieldBytes: 2 });
    expect(applied.workloads[0]).not.toHaveProperty('compressedShare');
  });
});
