import { lazy, Suspense } from 'react';
import { usePlannerStore } from '../../state/store';
import { t, withLaterMessages } from '../../i18n';

const LinkNoticeText = lazy(() => withLaterMessages(import('../sharing/LinkNoticeText')));

/** Says what went wrong reading a link (or other loaded state) until dismissed. */
export function Notice() {
  const notice = usePlannerStore((s) => s.notice);
  const dismiss = usePlannerStore((s) => s.noticeDismissed);
  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <div className="notice" role="alert">
        <LinkNoticeText notice={notice} />
        <button type="button" onClick={dismiss} aria-label={t('notice.dismiss')}>
          ×
        </button>
      </div>
    </Suspense>
  );
}
