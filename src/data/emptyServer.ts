import json from '../../data/empty-server.json';
import { parseDataFile } from './parseDataFile';
import { emptyServerSchema, type EmptyServer } from './schemas';

/** data/empty-server.json, validated when first imported. */
export const emptyServer: EmptyServer = parseDataFile(emptyServerSchema, json, 'empty-server.json');
