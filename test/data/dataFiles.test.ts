import { describe, expect, it } from 'vitest';
import { DATA_FILES, validateDataFiles } from '../../src/data/dataFiles';
import { parseDataFile } from '../../src/data/parseDataFile';

describe('bundled data files', () => {
  it('every file passes its schema (the production build checks the same before rendering)', () => {
    expect(() => validateDataFiles()).not.toThrow();
  });

  it.each(DATA_FILES.map((d) => [d.file, d]))(
    '%s is used as it is: its schema neither drops nor changes a field',
    (file, { schema, json }) => {
      expect(parseDataFile(schema, json, file)).toEqual(json);
    },
  );

  it('a broken file is refused with the file named', () => {
    const [first] = DATA_FILES;
    expect(() => parseDataFile(first!.schema, { broken: true }, first!.file)).toThrow(first!.file);
  });
});
