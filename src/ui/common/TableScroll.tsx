import type { ReactNode } from 'react';
import { t } from '../../i18n';

/**
 * The box a table scrolls sideways in when a screen is too narrow for it. It takes keyboard focus
 * and is named after its table, so that a keyboard user can scroll it too.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t('table.scrolls', { label })}>
      {children}
    </div>
  );
}
