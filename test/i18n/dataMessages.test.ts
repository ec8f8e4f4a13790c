import { describe, expect, it } from 'vitest';
import { caveats } from '../../src/data/caveats';
import { PRESETS } from '../../src/scenario/presets';
import { CAVEAT_TEXTS } from '../../src/ui/Caveat';
import { PRESET_TITLES } from '../../src/ui/PresetPicker';

/** Texts that come with data (caveats, presets) are shown through the catalog, by id: none may be left out. */
describe('texts kept in data files', () => {
  it('every caveat has its message', () => {
    expect(caveats.caveats.map((c) => c.id).filter((id) => !(id in CAVEAT_TEXTS))).toEqual([]);
  });

  it('every preset has its title', () => {
    expect(PRESETS.map((p) => p.id).filter((id) => !(id in PRESET_TITLES))).toEqual([]);
    // The picker lists the titles' ids: exactly the presets, in their order.
    expect(Object.keys(PRESET_TITLES)).toEqual(PRESETS.map((p) => p.id));
  });
});
