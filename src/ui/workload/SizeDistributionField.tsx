import { useEffect, useId } from 'react';
import { parseBytes, parseCount } from '../../scenario/humanInput';
import { sizeFigure, sizeRange, type SizeDistribution, type WorkloadFieldSpec } from '../../scenario/workloadFields';
import { distributionBinsOf } from '../../state/derived';
import { asStep } from '../../state/history';
import { inputInvalid, inputValidAgain } from '../../state/invalidInputs';
import { formatCount } from '../../format/count';
import { formatLocale, numberFormat } from '../../format/locale';
import { OrderedSizeFields, type OrderedField } from './OrderedSizeFields';
import { useKeptState } from '../common/keptState';
import { histogramText, parseHistogram, type HistogramProblem } from './histogramText';
import { inputProblemMessage } from '../common/inputProblemMessages';
import { t } from '../../i18n';

type Range = Extract<SizeDistribution, { kind: 'range' }>;
type Percentiles = Extract<SizeDistribution, { kind: 'percentiles' }>;
type Histogram = Extract<SizeDistribution, { kind: 'histogram' }>;
type Form = SizeDistribution['kind'];
type ReadSize = typeof parseBytes;

const SHAPES = ['uniform', 'normal', 'lognormal'] as const;
const SHAPE_MESSAGES = {
  uniform: 'workload.shapeUniform',
  normal: 'workload.shapeNormal',
  lognormal: 'workload.shapeLognormal',
} as const;
const FORM_MESSAGES = {
  range: 'workload.formRange',
  percentiles: 'workload.formPercentiles',
  histogram: 'workload.formHistogram',
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
  /** The field's name on the page: what is typed in the editor outlives a language switch (ParsedField's keepAs). */
  keepAs?: string;
}

/**
 * A size that may vary from key to key: one value (the toggle off), or, toggled on, a range with
 * a shape, percentiles or a pasted histogram, with the bins the model prices it at. Each form
 * starts from the sizes the field has now, and a form's sizes are committed together once they
 * are in order; a lognormal range takes its mean beside its smallest and largest; a range with
 * its own sd (written in a scenario file) is shown, not edited; switching off keeps a
 * distribution's mean.
 */
export function SizeDistributionField({ field, label, value, min, max, onChange, keepAs }: SizeDistributionFieldProps) {
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
      {varies && (
        <DistributionEditor
          distribution={value}
          label={label}
          min={min}
          max={max}
          read={field.input === 'bytes' ? parseBytes : parseCount}
          onChange={onChange}
          keepAs={keepAs}
        />
      )}
    </div>
  );
}

interface EditorProps<D> {
  distribution: D;
  label: string;
  min: number;
  max: number;
  read: ReadSize;
  onChange: (value: SizeDistribution) => void;
  keepAs: string | undefined;
}

/** Each form's first value, over the sizes the distribution covers now (uniform over them). */
function startOf(form: Form, current: SizeDistribution): SizeDistribution {
  const [lo, hi] = sizeRange(current);
  const at = (share: number) => lo + Math.round(share * (hi - lo));
  switch (form) {
    case 'range':
      return { kind: 'range', shape: 'uniform', min: lo, max: hi };
    case 'percentiles':
      return { kind: 'percentiles', min: lo, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: hi };
    case 'histogram':
      return { kind: 'histogram', buckets: [{ from: lo, to: hi, weight: 1 }] };
  }
}

function DistributionEditor(props: EditorProps<SizeDistribution>) {
  const { distribution, label, onChange, keepAs } = props;
  const formId = useId();
  const part = (name: string) => (keepAs === undefined ? undefined : `${keepAs}:${name}`);
  // A range with its own sd (or a mean on a shape that takes none here) comes from a scenario file.
  const ownShape =
    distribution.kind === 'range' &&
    (distribution.sd !== undefined || (distribution.mean !== undefined && distribution.shape !== 'lognormal'));
  return (
    <div className="distribution-editor">
      <div className="field">
        <label htmlFor={formId}>{t('workload.distributionForm', { field: label })}</label>
        <select
          id={formId}
          value={distribution.kind}
          // A new form is a step of its own in the history, whatever it shares with the last.
          onChange={(e) => asStep(() => onChange(startOf(e.target.value as Form, distribution)))}
        >
          {(Object.keys(FORM_MESSAGES) as Form[]).map((form) => (
            <option key={form} value={form}>
              {t(FORM_MESSAGES[form])}
            </option>
          ))}
        </select>
      </div>
      {distribution.kind === 'range' && !ownShape && (
        <RangeEditor {...props} distribution={distribution} keepAs={part('range')} />
      )}
      {ownShape && <p className="field-note">{t('workload.distributionFromJson', { field: label })}</p>}
      {distribution.kind === 'percentiles' && (
        <PercentilesEditor {...props} distribution={distribution} keepAs={part('percentiles')} />
      )}
      {distribution.kind === 'histogram' && <HistogramEditor {...props} distribution={distribution} keepAs={part('histogram')} />}
      <BinsChart distribution={distribution} label={label} />
    </div>
  );
}

function RangeEditor({ distribution: range, label, min, max, read, onChange, keepAs }: EditorProps<Range>) {
  // A lognormal range starts at 1 or more: its shape is offered once the range does.
  const least = range.shape === 'lognormal' ? Math.max(1, min) : min;
  const shapeId = useId();
  const lognormal = range.shape === 'lognormal';
  // The mean the shape gives when none is typed: what the field shows left empty.
  const { mean: _, ...withoutMean } = range;
  const fields: OrderedField[] = [
    { name: 'min', label: t('workload.distributionMin', { field: label }), value: range.min, least, most: max },
    ...(lognormal
      ? [
          {
            name: 'mean',
            label: t('workload.distributionMean', { field: label }),
            value: range.mean,
            least,
            most: max,
            optional: {
              emptyNote: t('workload.distributionMeanEmpty', { mean: formatCount(sizeFigure(withoutMean)) }),
            },
          },
        ]
      : []),
    { name: 'max', label: t('workload.distributionMax', { field: label }), value: range.max, least, most: max },
  ];
  return (
    <div className="inline-controls">
      <div className="field">
        <label htmlFor={shapeId}>{t('workload.distributionShape', { field: label })}</label>
        <select
          id={shapeId}
          value={range.shape}
          // Only a lognormal range takes a mean here: another shape drops it.
          onChange={(e) => onChange({ ...withoutMean, shape: e.target.value as Range['shape'] })}
        >
          {SHAPES.map((shape) => (
            <option key={shape} value={shape} disabled={shape === 'lognormal' && range.min < 1}>
              {t(SHAPE_MESSAGES[shape])}
            </option>
          ))}
        </select>
      </div>
      <OrderedSizeFields
        // Another shape has other fields: what was typed for one is not the other's.
        key={lognormal ? 'lognormal' : 'plain'}
        fields={fields}
        read={read}
        onValid={(values) => {
          const [low, ...rest] = values;
          const high = rest[rest.length - 1];
          const mean = lognormal ? rest[0] : undefined;
          onChange({ ...withoutMean, min: low!, max: high!, ...(mean !== undefined && { mean }) });
        }}
        keepAs={keepAs && `${keepAs}.${lognormal ? 'lognormal' : 'plain'}`}
      />
    </div>
  );
}

/** The model's smallest size when percentiles leave it out. */
const PERCENTILES_DEFAULT_MIN = 1;

/**
 * min (optional), p50, p90, p99 and max, validated together (OrderedSizeFields): the percentiles
 * reach the model only once every field reads and they do not decrease, in whatever order typed.
 */
function PercentilesEditor({ distribution: p, label, min, max, read, onChange, keepAs }: EditorProps<Percentiles>) {
  const percentile = (key: 'p50' | 'p90' | 'p99', value: number): OrderedField => ({
    name: key,
    label: t('workload.distributionPercentile', { field: label, percentile: Number(key.slice(1)) }),
    value,
    least: min,
    most: max,
  });
  const fields: OrderedField[] = [
    {
      name: 'min',
      label: t('workload.distributionMin', { field: label }),
      value: p.min,
      least: min,
      most: max,
      // Left empty, the smallest size is the model's default.
      optional: {
        emptyNote: t('workload.percentileMinEmpty', { least: PERCENTILES_DEFAULT_MIN }),
        orderedAs: PERCENTILES_DEFAULT_MIN,
      },
    },
    percentile('p50', p.p50),
    percentile('p90', p.p90),
    percentile('p99', p.p99),
    { name: 'max', label: t('workload.distributionMax', { field: label }), value: p.max, least: min, most: max },
  ];
  return (
    <div className="inline-controls">
      <OrderedSizeFields
        fields={fields}
        read={read}
        onValid={([low, p50, p90, p99, high]) =>
          onChange({ kind: 'percentiles', ...(low !== undefined && { min: low }), p50: p50!, p90: p90!, p99: p99!, max: high! })
        }
        keepAs={keepAs}
      />
    </div>
  );
}

/** A weight as the reader's language writes a decimal, without grouping: it reads back as typed. */
const writeWeight = (weight: number) =>
  numberFormat(formatLocale(), { maximumFractionDigits: 6, useGrouping: false }).format(weight);

function histogramProblemMessage(problem: HistogramProblem): string {
  switch (problem.code) {
    case 'figure':
      return inputProblemMessage(problem.problem);
    case 'noWeight':
      return t('workload.histogramNoWeight', { line: problem.line });
    case 'fromAboveTo':
      return t('workload.histogramFromAboveTo', { line: problem.line });
    case 'overlap':
      return t('workload.histogramOverlap', { line: problem.line, other: problem.other });
    case 'empty':
      return t('workload.histogramEmpty');
    case 'noKeys':
      return t('workload.histogramNoKeys');
    case 'tooMany':
      return t('workload.histogramTooMany', { limit: formatCount(problem.limit) });
  }
}

/**
 * Buckets pasted one a line. Pasting or typing is one edit: the histogram reaches the scenario
 * (one undo step) when the field is left, or on Ctrl+Enter; while a line does not read, the
 * message names it and the results say they are for the last histogram that did.
 */
function HistogramEditor({ distribution: histogram, label, min, max, read, onChange, keepAs }: EditorProps<Histogram>) {
  const id = useId();
  const written = histogramText(histogram.buckets, writeWeight);
  const [text, setText] = useKeptState(keepAs === undefined ? null : `${keepAs}.text`, written);
  const [shown, setShown] = useKeptState(keepAs === undefined ? null : `${keepAs}.value`, histogram);
  // A histogram from outside (undo, a link) replaces what was typed.
  if (shown !== histogram) {
    setShown(histogram);
    setText(written);
  }
  const fieldLabel = t('workload.histogram', { field: label });
  const parsed = parseHistogram(text, read, min, max, {
    size: (line) => t('workload.histogramSize', { line }),
    weight: (line) => t('workload.histogramWeight', { line }),
  });
  useEffect(() => {
    if (parsed.ok) return;
    inputInvalid(id, fieldLabel);
    return () => inputValidAgain(id);
  }, [parsed.ok, id, fieldLabel]);
  const commit = () => {
    if (parsed.ok && text !== written) asStep(() => onChange({ kind: 'histogram', buckets: parsed.buckets }));
  };
  return (
    <div className="field">
      <label htmlFor={id}>{fieldLabel}</label>
      <textarea
        id={id}
        className="histogram-text"
        rows={Math.min(8, Math.max(3, text.split('\n').length))}
        value={text}
        spellCheck={false}
        aria-invalid={!parsed.ok}
        aria-describedby={`${id}-note`}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) commit();
        }}
      />
      <span id={`${id}-note`} className={parsed.ok ? 'field-note' : 'field-error'} role={parsed.ok ? undefined : 'alert'}>
        {parsed.ok ? t('workload.histogramRead', { count: parsed.buckets.length }) : histogramProblemMessage(parsed.error)}
      </span>
    </div>
  );
}

const CHART_WIDTH = 160;
const CHART_HEIGHT = 32;

/** The bins the model prices the distribution at (from the state layer), as bars of their shares. */
function BinsChart({ distribution, label }: { distribution: SizeDistribution; label: string }) {
  const bins = distributionBinsOf(distribution);
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
