import json from '../../data/prices.json';
import { validatedAtBuild } from './validatedAtBuild';
import type { Prices } from './schemas';

/** data/prices.json, validated by the build (dataFiles.ts). */
export const prices: Prices = validatedAtBuild<Prices>(json);
