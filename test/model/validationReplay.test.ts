import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compare, SPREAD_DEVIATIONS, type RecordedCase } from '../validate/compare';
import { gridFor, openDisagreement } from '../validate/grid';
import { VALIDATION_SERVERS } from '../validate/servers';
import { collectionSpreadBytes } from '../validate/spread';

/**
 * Each real server's measurements, recorded by `npm run validate -- --record`, replayed without
 * a server: a model change that breaks a measured case fails here, in the unit tests.
 */
describe.each(VALIDATION_SERVERS.map((s) => [s.label, s] as const))('the model against recorded %s measurements', (_, server) => {
  const fixture = JSON.parse(readFileSync(server.fixture, 'utf8')) as { server: string; version: string; cases: RecordedCase[] };
  const grid = gridFor(server.line);
  const limits = new Map(grid.map((c) => [c.id, { percent: c.limitPercent, spreadBytes: c.spreadBytes }]));
  const result = compare(fixture.cases, (id) => limits.get(id)!, server);

  it('was recorded on that server, over the whole grid of its line, as the grid loads it today', () => {
    expect(fixture.server).toBe(server.id);
    expect(fixture.version).toBe(server.version);
    expect(fixture.cases.map((c) => c.id)).toEqual(grid.map((c) => c.id));
    for (const [i, c] of grid.entries()) {
      expect(fixture.cases[i]!.workloads).toEqual(c.workloads);
      expect(fixture.cases[i]!.config).toEqual(c.config);
      expect(fixture.cases[i]!.cluster ?? false).toBe(c.cluster ?? false);
    }
  });

  // Each key's table places its own members at random: the fixed limit has to hold four
  // standard deviations of that, or a case with too few keys could fail (or pass) by chance.
  const tabled = grid.filter((c) => collectionSpreadBytes(c, server.line) > 0);
  if (tabled.length > 0) {
    it.each(tabled.map((c) => [c.id, c] as const))(
      "%s has keys enough for its tables' randomness to average within its limit",
      (_, c) => {
        const measured = fixture.cases.find((r) => r.id === c.id)!.measuredBytes;
        expect((SPREAD_DEVIATIONS * collectionSpreadBytes(c, server.line) * 100) / measured).toBeLessThanOrEqual(c.limitPercent);
      },
    );
  }

  const settled = result.cases.filter((c) => !openDisagreement(server.id, c.id));
  const open = result.cases.filter((c) => openDisagreement(server.id, c.id));

  it.each(settled.map((c) => [c.id, c] as const))('%s is within its limit', (_, c) => {
    expect(Math.abs(c.errorPercent)).toBeLessThanOrEqual(c.limitPercent);
  });

  if (open.length > 0) {
    it.each(open.map((c) => [c.id, c] as const))('%s is still an open disagreement (else take it off the list)', (_, c) => {
      expect(Math.abs(c.errorPercent)).toBeGreaterThan(c.limitPercent);
    });
  }
});
