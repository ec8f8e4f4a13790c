import { useId, useState, type ReactNode } from 'react';
import { t } from '../../i18n';

/**
 * The header's controls. On a phone they sit behind a Menu button (styles.css), so that the first
 * screen shows the answer rather than the controls; wider screens show them as they are.
 */
export function HeaderMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="header-menu">
      <button
        type="button"
        className="header-menu-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {t('app.menu')}
      </button>
      <div id={id} className={open ? 'header-actions is-open' : 'header-actions'}>
        {children}
      </div>
    </div>
  );
}
