import type { SizeAndChange } from '../model';
import { GB } from '../model/units';
import { terabyteRowsOf } from '../state/derived';
import { usePlannerStore } from '../state/store';
import { DataTable } from './DataTable';
import { formatSigned, formatSignedPercent } from '../format/quantities';
import { lineLabel } from './lineLabel';
import { INTRO_SERIES } from './introSeries';

/** Whole decimal gigabytes, as the post writes them. */
const gb = (bytes: number) => `${Math.round(bytes / GB)} GB`;
const sizeAndChange = (s: SizeAndChange | null) => (s ? `${gb(s.bytes)} (${formatSignedPercent(s.percent)})` : '–');

/**
 * The post's headline correction, on the first screen: its intro's "1 TB on 7.2" figures against
 * its own table and against the scenario's keys, for the same 1,000 GB, in GB and %.
 */
export function TerabyteCorrection() {
  const rows = terabyteRowsOf(usePlannerStore((s) => s.scenario));
  return (
    <section className="terabyte" aria-label='"1 TB on 7.2" corrected'>
      <h3>"1 TB on 7.2": the intro, the table and your keys</h3>
      <DataTable
        caption="1,000 GB on 7.2: intro, table and your keys"
        rowKey={(r) => r.version}
        rows={rows}
        columns={[
          { header: '1,000 GB on 7.2 becomes', cell: (r) => lineLabel(r.version) },
          { header: INTRO_SERIES.intro.name, swatch: INTRO_SERIES.intro.color, cell: (r) => sizeAndChange(r.intro) },
          { header: INTRO_SERIES.table.name, swatch: INTRO_SERIES.table.color, cell: (r) => (r.table ? sizeAndChange(r.table) : 'no published measurement') },
          {
            header: 'Intro error',
            cell: (r) =>
              r.introError ? `${formatSigned(r.introError.bytes, gb)} (${formatSignedPercent(r.introError.percent)})` : '–',
          },
          { header: INTRO_SERIES.model.name, swatch: INTRO_SERIES.model.color, cell: (r) => sizeAndChange(r.yourKeys) },
        ]}
      />
      <p className="note">
        The post opens with round figures that no measurement in it gives; its benchmark table gives other ratios. Intro error:
        intro minus table, as a share of the table. Your keys: 1,000 GB of this scenario's keys on 7.2, by the model. The intro
        and the table fit only keys like the benchmark's 16-byte strings.
      </p>
    </section>
  );
}
