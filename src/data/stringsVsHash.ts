import json from '../../data/percona-strings-vs-hash.json';
import { validatedAtBuild } from './validatedAtBuild';
import type { StringsVsHash } from './schemas';

/** data/percona-strings-vs-hash.json, validated by the build (dataFiles.ts). */
export const stringsVsHash: StringsVsHash = validatedAtBuild<StringsVsHash>(json);
