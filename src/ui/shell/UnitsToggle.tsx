import { usePlannerStore } from '../../state/store';
import { useUnits } from '../common/useUnits';
import { t } from '../../i18n';

/** GiB (2^30) or GB (10^9) everywhere sizes are shown. Percona's "MB" means MiB. */
export function UnitsToggle() {
  const units = useUnits();
  const choose = usePlannerStore((s) => s.unitsChosen);
  return (
    <fieldset className="units-toggle">
      <legend>{t('units.legend')}</legend>
      <label>
        <input type="radio" name="units" checked={units === 'binary'} onChange={() => choose('binary')} /> {t('units.binary')}
      </label>
      <label>
        <input type="radio" name="units" checked={units === 'decimal'} onChange={() => choose('decimal')} /> {t('units.decimal')}
      </label>
    </fieldset>
  );
}
