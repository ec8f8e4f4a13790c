import { Component, Suspense, startTransition, useEffect, useState, type ReactNode } from 'react';
import { t } from '../../i18n';

let settleFirstChart: () => void = () => {};
/**
 * Settles once the page's first chart has been drawn, or its code could not be loaded. The panels
 * below the numbers wait for it: loaded and rendered at the same time, they held up the chart (the
 * first screen's largest part) and the first keystroke by a third on a 2-core machine.
 */
const firstChartSettled = new Promise<void>((resolve) => (settleFirstChart = resolve));

/** Called by the chart panel once its chart is drawn, or its code failed to load. */
export function firstChartDone(): void {
  settleFirstChart();
}

/**
 * A lazily loaded part that could not be shown: its code failed to load (the network, or a newer
 * version of the site replaced the files since the page was opened) or it failed to render. A note
 * takes its place, and the rest of the page keeps working.
 */
class PartFailed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <p className="note warning" role="alert">
        {t('app.partFailed')}
      </p>
    ) : (
      this.props.children
    );
  }
}

/**
 * Lazily loaded parts (charts, panels) start loading once the page has started, and show
 * `fallback` until then; with `afterFirstChart`, once the first chart is also drawn. The
 * prerendered first screen holds the fallback too, so taking it over matches the markup exactly,
 * and the chunks never hold up the first results. They are rendered in a transition, which gives
 * way to a keystroke typed meanwhile. A part that cannot be shown leaves a note (PartFailed).
 */
export function LoadAfterStart({
  fallback,
  children,
  afterFirstChart = false,
}: {
  fallback: ReactNode;
  children: ReactNode;
  afterFirstChart?: boolean;
}) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const start = () => startTransition(() => setStarted(true));
    if (!afterFirstChart) return start();
    let mounted = true;
    void firstChartSettled.then(() => mounted && start());
    return () => {
      mounted = false;
    };
  }, [afterFirstChart]);
  return started ? (
    <PartFailed>
      <Suspense fallback={fallback}>{children}</Suspense>
    </PartFailed>
  ) : (
    fallback
  );
}
