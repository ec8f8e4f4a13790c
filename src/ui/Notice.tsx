import { usePlannerStore } from '../state/store';
import { t } from '../i18n';

/** Says what went wrong reading a link (or other loaded state) until dismissed. */
export function Notice() {
  const notice = usePlannerStore((s) => s.notice);
  const dismiss = usePlannerStore((s) => s.noticeDismissed);
  if (!notice) return null;
  return (
    <div className="notice" role="alert">
      <span>{notice}</span>
      <button type="button" onClick={dismiss} aria-label={t('notice.dismiss')}>
        ×
      </button>
    </div>
  );
}
