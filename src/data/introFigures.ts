import json from '../../data/percona-intro-1tb.json';
import { parseDataFile } from './parseDataFile';
import { introFiguresSchema, type IntroFigures } from './schemas';

/** data/percona-intro-1tb.json, validated when first imported. */
export const introFigures: IntroFigures = parseDataFile(introFiguresSchema, json, 'percona-intro-1tb.json');
