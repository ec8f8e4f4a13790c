import type { WriteHistoryRange } from '../../model/plan';
import { t } from '../../i18n';
import { lineLabel } from '../common/lineLabel';

/** A move's target on day one (as loaded) against its steady state (as written), in words: the panel's and the exports'. */
export function moveDayOneText(move: NonNullable<WriteHistoryRange['move']>, bytes: (b: number) => string): string {
  return t('asLoaded.move', {
    from: lineLabel(move.from),
    to: lineLabel(move.to),
    dayOne: bytes(move.dayOneDatasetBytes),
    steady: bytes(move.steadyDatasetBytes),
  });
}
