import type { Allocator } from '../data/vocabulary';
import type { MessageId } from '../i18n';
import type { LineId } from '../model/lineRegistry';

/**
 * The model names allocators and describes release lines in English (the command line prints
 * those texts); the page shows each through the catalog message kept for it here, by id.
 */
export const ALLOCATOR_MESSAGES: Record<Allocator, MessageId> = {
  'jemalloc-bundled': 'allocator.bundled',
  'jemalloc-system': 'allocator.system',
  libc: 'allocator.libc',
};

/** What changed in memory on each line, and what the model was checked against there. */
export const LINE_NOTE_MESSAGES: Record<LineId, { memoryChange: MessageId; checkedAgainst: MessageId }> = {
  'redis-7.0': { memoryChange: 'line.redis70.memoryChange', checkedAgainst: 'line.redis70.checkedAgainst' },
  'redis-7.2': { memoryChange: 'line.redis72.memoryChange', checkedAgainst: 'line.redis72.checkedAgainst' },
  '7.2': { memoryChange: 'line.valkey72.memoryChange', checkedAgainst: 'line.percona' },
  '8.0': { memoryChange: 'line.valkey80.memoryChange', checkedAgainst: 'line.percona' },
  '8.1': { memoryChange: 'line.valkey81.memoryChange', checkedAgainst: 'line.percona' },
  '9.0': { memoryChange: 'line.valkey90.memoryChange', checkedAgainst: 'line.percona' },
  '9.1': { memoryChange: 'line.valkey91.memoryChange', checkedAgainst: 'line.percona' },
};
