import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { stringsVsHash } from '../../data/stringsVsHash';
import { parseBytes, parseCount } from '../../scenario/humanInput';
import { LIMITS } from '../../scenario/limits';
import { entityComparisonOf } from '../../state/derived';
import { usePlannerStore } from '../../state/store';
import { useDeferredScenario } from '../common/deferredScenario';
import { DataTable } from '../common/DataTable';
import { formatCount } from '../../format/count';
import { formatSignedPercent } from '../../format/quantities';
import { ParsedField } from '../common/ParsedField';
import { useBytesFormatter, useUnits } from '../common/useUnits';
import { ChartFrame } from './ChartFrame';
import { byteAxisProps, layoutBars } from './chartData';
import { lineLabel } from '../common/lineLabel';
import { t } from '../../i18n';

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
        {t('stringsVsHash.perconaUser')}
      </label>
      {entity && (
        <div className="entity-fields">
          <ParsedField
            label={t('stringsVsHash.entities')}
            value={entity.count}
            parse={(text) => parseCount(text, t('stringsVsHash.entities'), 1, LIMITS.entityCount)}
            onValid={(count) => edit({ ...entity, count })}
          />
          <ParsedField
            label={t('stringsVsHash.fields')}
            value={entity.fields}
            parse={(text) => parseCount(text, t('stringsVsHash.fields'), 1, LIMITS.entityFields)}
            onValid={(fields) => edit({ ...entity, fields })}
          />
          <ParsedField
            label={t('stringsVsHash.fieldName')}
            value={entity.fieldBytes}
            parse={(text) => parseBytes(text, t('stringsVsHash.fieldName'), 1, LIMITS.entityFieldBytes)}
            onValid={(fieldBytes) => edit({ ...entity, fieldBytes })}
          />
          <ParsedField
            label={t('stringsVsHash.fieldValue')}
            value={entity.valueBytes}
            parse={(text) => parseBytes(text, t('stringsVsHash.fieldValue'), 0, LIMITS.entityValueBytes)}
            onValid={(valueBytes) => edit({ ...entity, valueBytes })}
          />
        </div>
      )}
    </div>
  );
}

/** The same entities as one string key per field and as one hash each, per version. */
export default function StringsVsHashChart() {
  const scenario = useDeferredScenario();
  const entity = usePlannerStore((s) => s.view.entity);
  const bytes = useBytesFormatter();
  const comparison = entityComparisonOf(scenario, entity);
  const bars = layoutBars(comparison);
  const units = useUnits();
  const max = Math.max(...bars.map((b) => Math.max(b.strings, b.hash)));
  // The same ticks and formatter while the top holds: recharts redraws an axis whose props change.
  const axisProps = useMemo(() => byteAxisProps(max, units), [max, units]);
  const [strings, hash] = stringsVsHash.schemas;
  return (
    <ChartFrame
      title={t('stringsVsHash.title')}
      file="strings-vs-hash"
      caption={
        comparison.isPercona
          ? t('stringsVsHash.perconaCaption', { strings: formatCount(strings!.reportedMB), hash: formatCount(hash!.reportedMB) })
          : t('stringsVsHash.customCaption', { entities: formatCount(entity!.count), fields: formatCount(entity!.fields) })
      }
      chart={
        <>
          <EntityInputs />
          <ResponsiveContainer width="100%" height={280}>
            <BarChart data={bars} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" />
              <YAxis {...axisProps} />
              <Tooltip formatter={(v) => bytes(Number(v))} />
              <Legend itemSorter={null} />
              <Bar dataKey="strings" name={t('stringsVsHash.stringPerField')} fill="#c0392b" isAnimationActive={false} />
              <Bar dataKey="hash" name={t('stringsVsHash.hashPerEntity')} fill="#1f7a4d" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </>
      }
      table={
        <DataTable
          caption={t('stringsVsHash.tableCaption')}
          rowKey={(r) => r.version}
          rows={bars}
          columns={[
            { header: t('results.version'), cell: (r) => lineLabel(r.version) },
            { header: t('stringsVsHash.stringKeys'), cell: (r) => bytes(r.strings) },
            { header: t('stringsVsHash.oneHash'), cell: (r) => bytes(r.hash) },
            { header: t('stringsVsHash.hashVsStrings'), cell: (r) => formatSignedPercent(r.savingPercent) },
            ...(comparison.isPercona
              ? [
                  {
                    header: t('stringsVsHash.fitsHeader', {
                      strings: formatCount(strings!.reportedMB),
                      hash: formatCount(hash!.reportedMB),
                    }),
                    cell: (r: (typeof bars)[number]) => (r.consistent ? t('stringsVsHash.fits') : t('stringsVsHash.doesNotFit')),
                  },
                ]
              : []),
          ]}
        />
      }
    />
  );
}
