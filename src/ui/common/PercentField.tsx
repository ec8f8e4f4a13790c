import { parsePercent } from '../../scenario/humanInput';
import { formatShare } from '../../format/quantities';
import { t } from '../../i18n';
import { ParsedField } from './ParsedField';
import { formatLimit } from './inputProblemMessages';

/**
 * A percentage field, the one way every form reads a percentage (parsePercent: a number is a
 * percent, with or without its sign), with that rule said under it. `scale` is how the value is
 * kept: a share of 0 to 1 (keys with a TTL) or a percent (headroom); `min` and `max` are percents.
 */
export function PercentField({
  label,
  value,
  scale,
  min,
  max,
  describe,
  onValid,
  keepAs,
}: {
  label: string;
  value: number;
  scale: 'share' | 'percent';
  min: number;
  max: number;
  describe?: (value: number) => string;
  onValid: (value: number) => void;
  /** ParsedField's keepAs. */
  keepAs?: string;
}) {
  const factor = scale === 'share' ? 100 : 1;
  return (
    <ParsedField
      label={label}
      value={value}
      toText={scale === 'share' ? formatShare : formatLimit}
      parse={(text) => {
        const percent = parsePercent(text, label, min, max);
        return percent.ok ? { ok: true, value: percent.value / factor } : percent;
      }}
      describe={(v) => [describe?.(v), t('field.percentRule')].filter(Boolean).join(' · ')}
      onValid={onValid}
      keepAs={keepAs}
    />
  );
}
