import { useMemo } from 'react';
import { ALLOCATOR_LABELS, RESIDUAL_EXPLANATION } from '../model';
import { useEstimate } from '../state/store';
import { versionBars } from './chartData';
import { ResultsTable } from './ResultsTable';
import { VersionChart } from './VersionChart';
import { VersionPicker } from './VersionPicker';
import { WorkloadForm } from './WorkloadForm';

export function App() {
  const estimate = useEstimate();
  const bars = useMemo(() => versionBars(estimate), [estimate]);
  const atMeasuredPoint = estimate.versions.some((v) => v.workloads.some((w) => w.measured));
  return (
    <div className="app">
      <header>
        <h1>valkey-ram-planner</h1>
        <p>
          How much RAM your keys take on Valkey 7.2, 8.0, 8.1, 9.0 and 9.1 — from the data structures, checked against
          measurements.
        </p>
      </header>
      <main>
        <section className="inputs" aria-label="Inputs">
          <WorkloadForm />
          <VersionPicker />
        </section>
        <section className="results-section" aria-label="Results">
          <ResultsTable estimate={estimate} />
          <VersionChart bars={bars} />
          <p className="note">
            Allocator: {ALLOCATOR_LABELS[estimate.allocator]}. Bytes are the used_memory the keys add to an empty server.
          </p>
          {atMeasuredPoint ? (
            <p className="note" role="note">
              {RESIDUAL_EXPLANATION}
            </p>
          ) : (
            <p className="note" role="note">
              Extrapolated: no published measurement has this profile. The estimate follows the data structures of each line.
            </p>
          )}
        </section>
      </main>
    </div>
  );
}
