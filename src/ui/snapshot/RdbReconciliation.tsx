import { t, type MessageId } from '../../i18n';
import { formatCount } from '../../format/count';
import { formatSigned, formatSignedPercent } from '../../format/quantities';
import type { UsedMemHolder, UsedMemPart, UsedMemPartKind, UsedMemReconciliation } from '../../rdb/analyze';
import { lineLabel } from '../common/lineLabel';
import { ALLOCATOR_MESSAGES } from '../common/modelMessages';

type Bytes = (n: number) => string;

const PART_MESSAGES: Record<UsedMemPartKind, MessageId> = {
  collectionsAsWritten: 'rdb.part.collectionsAsWritten',
  mainTableRehash: 'rdb.part.mainTableRehash',
  expiresTableRehash: 'rdb.part.expiresTableRehash',
};

const HOLDER_MESSAGES: Record<UsedMemHolder, MessageId> = {
  replication: 'rdb.remainderReplication',
  aofBase: 'rdb.remainderAofBase',
};

function partText(part: UsedMemPart): string {
  return t(PART_MESSAGES[part.kind], {
    size: formatCount(part.oldTableSize ?? 0),
    table: part.oldTableUnit === 'buckets' ? 'hashtable' : 'dict',
  });
}

const signed = (n: number, bytes: Bytes) => (n < 0 ? formatSigned(n, bytes) : `+${bytes(n)}`);

/**
 * The file's used-mem taken apart: the empty server, the model of the writer's line as loaded,
 * each part the writes left that used-mem has room for, and what is left, with what the file
 * says may hold it (or that nothing does).
 */
export function RdbReconciliation({ reconciliation: r, bytes }: { reconciliation: UsedMemReconciliation | null; bytes: Bytes }) {
  return (
    <>
      <h3>{t('rdb.reconciliation')}</h3>
      {!r ? (
        <p className="note">{t('rdb.noReconciliation')}</p>
      ) : (
        <>
          <dl className="rdb-facts rdb-figures">
            <dt>{t('rdb.usedMem')}</dt>
            <dd>{bytes(r.usedMemBytes)}</dd>
            <dt>{t('rdb.emptyServer')}</dt>
            <dd>{bytes(r.emptyServerBytes)}</dd>
            <dt>{t('rdb.aboveEmpty')}</dt>
            <dd>{bytes(r.aboveEmptyBytes)}</dd>
            <dt>{t('rdb.model', { line: lineLabel(r.line) })}</dt>
            <dd>{bytes(r.modelBytes)}</dd>
            <dt>{t('rdb.aboveLoaded')}</dt>
            <dd>{`${signed(r.differenceBytes, bytes)} (${formatSignedPercent(r.differencePercent, undefined, 2)})`}</dd>
            {r.parts.map((part) => (
              <Row key={part.kind} label={partText(part)} value={signed(part.bytes, bytes)} />
            ))}
            <dt>{t('rdb.difference')}</dt>
            <dd>{`${signed(r.remainderBytes, bytes)} (${formatSignedPercent(r.remainderPercent, undefined, 2)})`}</dd>
          </dl>
          {r.parts.length > 0 && <p className="note">{t('rdb.partsInferred')}</p>}
          {r.remainderMayHold.length === 0 ? (
            <p className="note">{t('rdb.remainderUnexplained')}</p>
          ) : (
            r.remainderMayHold.map((holder) => (
              <p className="note" key={holder}>
                {t(HOLDER_MESSAGES[holder])}
              </p>
            ))
          )}
          {r.allocator && (
            <p className="note">
              {t('rdb.allocatorDiffers', {
                priced: t(ALLOCATOR_MESSAGES[r.allocator.priced]),
                usual: t(ALLOCATOR_MESSAGES[r.allocator.writerUsual]),
                line: lineLabel(r.line),
              })}
            </p>
          )}
        </>
      )}
    </>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
