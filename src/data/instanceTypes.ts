import json from '../../data/instance-types.json';
import { validatedAtBuild } from './validatedAtBuild';
import type { InstanceTypes } from './schemas';

/** data/instance-types.json, validated by the build (dataFiles.ts). */
export const instanceTypes: InstanceTypes = validatedAtBuild<InstanceTypes>(json);
