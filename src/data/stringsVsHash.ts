import json from '../../data/percona-strings-vs-hash.json';
import { parseDataFile } from './parseDataFile';
import { stringsVsHashSchema, type StringsVsHash } from './schemas';

/** data/percona-strings-vs-hash.json, validated when first imported. */
export const stringsVsHash: StringsVsHash = parseDataFile(stringsVsHashSchema, json, 'percona-strings-vs-hash.json');
