import json from '../../data/caveats.json';
import { parseDataFile } from './parseDataFile';
import { caveatsSchema, type Caveats } from './schemas';

/** data/caveats.json, validated when first imported. */
export const caveats: Caveats = parseDataFile(caveatsSchema, json, 'caveats.json');
