import json from '../../data/percona-intro-1tb.json';
import { validatedAtBuild } from './validatedAtBuild';
import type { IntroFigures } from './schemas';

/** data/percona-intro-1tb.json, validated by the build (dataFiles.ts). */
export const introFigures: IntroFigures = validatedAtBuild<IntroFigures>(json);
