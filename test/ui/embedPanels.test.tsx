import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { embedPanelsOf } from '../../src/scenario/linkFragment';
import { encodeLink } from '../../src/scenario/linkWriter';
import { DEFAULT_SCENARIO } from '../../src/scenario/defaults';
import { usePlannerStore } from '../../src/state/store';
import { EmbedApp } from '../../src/ui/shell/EmbedApp';
import { ShareBar } from '../../src/ui/sharing/ShareBar';
import { fakeClipboard } from './helpers';

const iframeSrc = (code: string) => /^<iframe src="([^"]*)"/.exec(code)![1]!.replace(/&amp;/g, '&');

describe('which panels an embed shows', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('reads the panels from the link, in the embed order; none named, or none known, shows the results as before', () => {
    expect(embedPanelsOf('#embed=1')).toEqual({ panels: ['results'], unknown: [] });
    expect(embedPanelsOf('#embed=1&panels=cost,deployment')).toEqual({ panels: ['deployment', 'cost'], unknown: [] });
    expect(embedPanelsOf('#embed=1&panels=growth,bogus')).toEqual({ panels: ['growth'], unknown: ['bogus'] });
    expect(embedPanelsOf('#embed=1&panels=<script>')).toEqual({ panels: ['results'], unknown: ['<script>'] });
  });

  it('an embed link with the default panels is the link it always was', () => {
    const state = { scenario: { ...DEFAULT_SCENARIO, name: 'x' }, view: {} };
    expect(encodeLink(state, { embed: true, panels: ['results'] })).toBe(encodeLink(state, { embed: true }));
    expect(encodeLink(state, { embed: true, panels: ['growth', 'results'] })).toMatch(/&embed=1&panels=results,growth$/);
    // Panels belong to embeds only.
    expect(encodeLink(state, { panels: ['cost'] })).not.toContain('panels');
  });

  it('the panels chosen when copying the embed code are carried in its link; the last one cannot be unchosen', async () => {
    const user = userEvent.setup();
    fakeClipboard('refuses');
    render(<ShareBar />);
    const choice = screen.getByRole('group', { name: 'Panels in the embed' });
    expect(within(choice).getByRole('checkbox', { name: 'Results' })).toBeChecked();
    expect(within(choice).getByRole('checkbox', { name: 'Results' })).toBeDisabled();
    await user.click(within(choice).getByRole('checkbox', { name: 'Cost' }));
    await user.click(within(choice).getByRole('checkbox', { name: 'Deployment' }));
    await user.click(within(choice).getByRole('checkbox', { name: 'Results' }));
    await user.click(screen.getByRole('button', { name: 'Copy embed code' }));
    // The embed code's writer may still be loading (its chunk is fetched on demand).
    const code = ((await screen.findByRole('textbox', { name: 'Text to copy' }, { timeout: 10_000 })) as HTMLTextAreaElement)
      .value;
    expect(new URL(iframeSrc(code)).hash).toMatch(/embed=1&panels=deployment,cost&lang=en$/);
  });

  it('the embed shows the panels its link names and no others', async () => {
    usePlannerStore.getState().deploymentEdited({ instanceType: 'm7g.large' });
    window.location.hash = '#embed=1&panels=deployment,cost,nothing';
    render(<EmbedApp />);
    expect(screen.getByRole('table', { name: 'Deployment per version' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Cost per version' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Results per version' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Growth' })).toBeNull();
    expect(screen.getByText('Unknown panels in this link: nothing.')).toBeInTheDocument();
  });

  it('without panels in its link, the embed shows the results as it always did', () => {
    window.location.hash = '#embed=1';
    render(<EmbedApp />);
    expect(screen.getByRole('table', { name: 'Results per version' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Deployment per version' })).toBeNull();
  });
});
