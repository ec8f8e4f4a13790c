import json from '../../data/prices.json';
import { parseDataFile } from './parseDataFile';
import { pricesSchema, type Prices } from './schemas';

/** data/prices.json, validated when first imported. */
export const prices: Prices = parseDataFile(pricesSchema, json, 'prices.json');
