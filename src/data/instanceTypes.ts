import json from '../../data/instance-types.json';
import { parseDataFile } from './parseDataFile';
import { instanceTypesSchema, type InstanceTypes } from './schemas';

/** data/instance-types.json, validated when first imported. */
export const instanceTypes: InstanceTypes = parseDataFile(instanceTypesSchema, json, 'instance-types.json');
