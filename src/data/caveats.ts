import json from '../../data/caveats.json';
import { validatedAtBuild } from './validatedAtBuild';
import type { Caveats } from './schemas';

/** data/caveats.json, validated by the build (dataFiles.ts). */
export const caveats: Caveats = validatedAtBuild<Caveats>(json);
