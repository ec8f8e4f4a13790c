import json from '../../data/empty-server.json';
import { validatedAtBuild } from './validatedAtBuild';
import type { EmptyServer } from './schemas';

/** data/empty-server.json, validated by the build (dataFiles.ts). */
export const emptyServer: EmptyServer = validatedAtBuild<EmptyServer>(json);
