import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { stringsVsHash } from '../../data/stringsVsHash';
import { parseBytes, parseCount } from '../../scenario/humanInput';
import { entityComparisonOf } from '../../state/derived';
import { usePlannerStore } from '../../state/store';
import { DataTable } from '../DataTable';
import { formatCount } from '../../format/count';
import { formatSignedPercent } from '../../format/quantities';
import { ParsedField } from '../ParsedField';
import { useBytesFormatter } from '../useUnits';
import { ChartFrame } from './ChartFrame';
import { layoutBars } from './chartData';
import { lineLabel } from '../lineLabel';

const DEFAULT_CUSTOM = { count: 1_000_000, fields: 4, fieldBytes: 6, valueBytes: 8 };

function EntityInputs() {
  const entity = usePlannerStore((s) => s.view.entity);
  const edit = usePlannerStore((s) => s.entityEdited);
  return (
    <div className="entity-inputs">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={entity === undefined}
          onChange={(e) => edit(e.target.checked ? undefined : DEFAULT_CUSTOM)}
        />{' '}
        Percona's user (name Alice, age 30, city Toronto, score 100)
      </label>
      {entity && (
        <div className="entity-fields">
          <ParsedField
            label="Entities"
            value={entity.count}
            parse={(t) => parseCount(t, 'Entities', 1, 1e10)}
            onValid={(count) => edit({ ...entity, count })}
          />
          <ParsedField
            label="Fields per entity"
            value={entity.fields}
            parse={(t) => parseCount(t, 'Fields', 1, 1000)}
            onValid={(fields) => edit({ ...entity, fields })}
          />
          <ParsedField
            label="Field name (bytes)"
            value={entity.fieldBytes}
            parse={(t) => parseBytes(t, 'Field name', 1, 1000)}
            onValid={(fieldBytes) => edit({ ...entity, fieldBytes })}
          />
          <ParsedField
            label="Field value (bytes)"
            value={entity.valueBytes}
            parse={(t) => parseBytes(t, 'Field value', 0, 100_000)}
            onValid={(valueBytes) => edit({ ...entity, valueBytes })}
          />
        </div>
      )}
    </div>
  );
}

/** The same entities as one string key per field and as one hash each, per version. */
export default function StringsVsHashChart() {
  const scenario = usePlannerStore((s) => s.scenario);
  const entity = usePlannerStore((s) => s.view.entity);
  const bytes = useBytesFormatter();
  const comparison = entityComparisonOf(scenario, entity);
  const bars = layoutBars(comparison);
  const [strings, hash] = stringsVsHash.schemas;
  return (
    <ChartFrame
      title="Strings against one hash per entity"
      caption={
        comparison.isPercona
          ? `Percona measured ${strings!.reportedMB} MB for four string keys per user and ${hash!.reportedMB} MB for one hash (version not named; "MB" read as MiB). Lines marked "fits" round to both figures. ${stringsVsHash.tradeOffs.join(' ')}`
          : `${formatCount(entity!.count)} entities with ${entity!.fields} fields each: one string key per field against one hash per entity, each layout alone on a server.`
      }
      chart={
        <>
          <EntityInputs />
          <ResponsiveContainer width="100%" height={280}>
            <BarChart data={bars} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" />
              <YAxis tickFormatter={(v: number) => bytes(v)} width={90} />
              <Tooltip formatter={(v) => bytes(Number(v))} />
              <Legend itemSorter={null} />
              <Bar dataKey="strings" name="String key per field" fill="#c0392b" isAnimationActive={false} />
              <Bar dataKey="hash" name="One hash per entity" fill="#1f7a4d" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </>
      }
      table={
        <DataTable
          caption="Strings against one hash per entity (table)"
          rowKey={(r) => r.version}
          rows={bars}
          columns={[
            { header: 'Version', cell: (r) => lineLabel(r.version) },
            { header: 'String keys', cell: (r) => bytes(r.strings) },
            { header: 'One hash', cell: (r) => bytes(r.hash) },
            { header: 'Hash vs strings', cell: (r) => formatSignedPercent(r.savingPercent) },
            ...(comparison.isPercona
              ? [
                  {
                    header: `Fits ${strings!.reportedMB} / ${hash!.reportedMB} MB`,
                    cell: (r: (typeof bars)[number]) => (r.consistent ? 'fits' : 'no'),
                  },
                ]
              : []),
          ]}
        />
      }
    />
  );
}
