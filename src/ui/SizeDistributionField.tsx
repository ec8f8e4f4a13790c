import { distributionBins } from '../model/distribution';
import { parseBytes, parseCount } from '../scenario/humanInput';
import { sizeFigure, type SizeDistribution, type WorkloadFieldSpec } from '../scenario/workloadFields';
import { formatCount } from '../format/count';
import { ParsedField } from './ParsedField';
import { t } from '../i18n';

type Range = Extract<SizeDistribution, { kind: 'range' }>;
const SHAPES = ['uniform', 'normal', 'lognormal'] as const;
const SHAPE_MESSAGES = {
  uniform: 'workload.shapeUniform',
  normal: 'workload.shapeNormal',
  lognormal: 'workload.shapeLognormal',
} as const;

interface SizeDistributionFieldProps {
  field: WorkloadFieldSpec;
  /** The field's label on this workload's type. */
  label: string;
  value: number | SizeDistribution;
  /** The bounds that hold for the field on this workload (narrowed by integer values). */
  min: number;
  max: number;
  onChange: (value: number | SizeDistribution) => void;
}

/**
 * A size that may vary from key to key: a toggle, then a range with a shape and the bins the
 * model prices it at. A distribution written in scenario JSON in another form (percentiles, a
 * histogram, a range with its own mean or sd) is shown, not edited here; switching off keeps its mean.
 */
export function SizeDistributionField({ field, label, value, min, max, onChange }: SizeDistributionFieldProps) {
  const varies = typeof value === 'object';
  const figure = sizeFigure(value);
  // A first range around the number: half of it either way, within the field's bounds.
  const spread = Math.max(1, Math.floor(figure / 2));
  const start: Range = {
    kind: 'range',
    shape: 'uniform',
    min: Math.max(min, figure - spread),
    max: Math.min(max, figure + spread),
  };
  const editable = varies && value.kind === 'range' && value.mean === undefined && value.sd === undefined;
  const read = field.input === 'bytes' ? parseBytes : parseCount;
  return (
    <div className="size-distribution">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={varies}
          disabled={!varies && start.min === start.max}
          onChange={(e) => onChange(e.target.checked ? start : figure)}
        />{' '}
        {t('workload.varies', { field: label })}
      </label>
      {varies && editable && (
        <RangeEditor range={value as Range} label={label} min={min} max={max} read={read} onChange={onChange} />
      )}
      {varies && !editable && <p className="field-note">{t('workload.distributionFromJson', { field: label })}</p>}
      {varies && <BinsChart distribution={value} label={label} />}
    </div>
  );
}

function RangeEditor({
  range,
  label,
  min,
  max,
  read,
  onChange,
}: {
  range: Range;
  label: string;
  min: number;
  max: number;
  read: typeof parseBytes;
  onChange: (value: SizeDistribution) => void;
}) {
  // A lognormal range starts at 1 or more: its shape is offered once the range does.
  const least = range.shape === 'lognormal' ? Math.max(1, min) : min;
  const smallest = t('workload.distributionMin', { field: label });
  const largest = t('workload.distributionMax', { field: label });
  return (
    <div className="inline-controls">
      <label>
        {t('workload.distributionShape', { field: label })}{' '}
        <select value={range.shape} onChange={(e) => onChange({ ...range, shape: e.target.value as Range['shape'] })}>
          {SHAPES.map((shape) => (
            <option key={shape} value={shape} disabled={shape === 'lognormal' && range.min < 1}>
              {t(SHAPE_MESSAGES[shape])}
            </option>
          ))}
        </select>
      </label>
      <ParsedField
        label={smallest}
        value={range.min}
        parse={(text) => read(text, smallest, least, range.max)}
        onValid={(v) => onChange({ ...range, min: v })}
      />
      <ParsedField
        label={largest}
        value={range.max}
        parse={(text) => read(text, largest, range.min, max)}
        onValid={(v) => onChange({ ...range, max: v })}
      />
    </div>
  );
}

const CHART_WIDTH = 160;
const CHART_HEIGHT = 32;

/** The bins the model prices the distribution at (distributionBins), as bars of their shares. */
function BinsChart({ distribution, label }: { distribution: SizeDistribution; label: string }) {
  const bins = distributionBins(distribution);
  const tallest = Math.max(...bins.map((b) => b.weight));
  const width = CHART_WIDTH / bins.length;
  const first = bins[0]!.value;
  const last = bins[bins.length - 1]!.value;
  return (
    <svg
      className="bins-chart"
      role="img"
      width={CHART_WIDTH}
      height={CHART_HEIGHT}
      aria-label={t('workload.distributionBins', {
        field: label,
        count: bins.length,
        from: formatCount(first),
        to: formatCount(last),
      })}
    >
      {bins.map((b, i) => {
        const height = Math.max(1, (b.weight / tallest) * CHART_HEIGHT);
        return <rect key={b.value} x={i * width} y={CHART_HEIGHT - height} width={Math.max(1, width - 1)} height={height} />;
      })}
    </svg>
  );
}
