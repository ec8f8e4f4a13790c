import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { decodeLink } from '../../src/scenario/link';
import { App } from '../../src/ui/shell/App';
import { fakeClipboard } from './helpers';

describe('share', () => {
  it('Copy link copies a link to this exact view, with feedback', async () => {
    const user = userEvent.setup();
    const writeText = fakeClipboard('accepts');
    render(<App />);
    await user.selectOptions(screen.getByLabelText('Start from'), 'PHP sessions');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied', {}, { timeout: 10_000 })).toBeInTheDocument();
    const link = writeText.mock.calls[0]![0] as string;
    expect(decodeLink(new URL(link).hash).state.scenario.name).toBe('PHP sessions');
  });

  it('Copy embed code gives an iframe in embed mode with a height listener; without a clipboard the text is shown to copy', async () => {
    const user = userEvent.setup();
    fakeClipboard('refuses');
    render(<App />);
    await user.click(screen.getByRole('button', { name: 'Copy embed code' }));
    // The embed code's writer may still be loading (its chunk is fetched on demand).
    const text = ((await screen.findByRole('textbox', { name: 'Text to copy' }, { timeout: 10_000 })) as HTMLTextAreaElement)
      .value;
    expect(text).toMatch(/^<iframe src="[^"]*embed=1&lang=en"/);
    expect(text).toContain('valkey-ram-planner:height');
    expect(screen.getByText('Copy the embed code below')).toBeInTheDocument();
  });
});
