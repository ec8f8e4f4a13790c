import type { Allocator } from '../../data/vocabulary';
import type { MessageId } from '../../i18n';

/**
 * The model names allocators in English (the command line prints those names); the page shows
 * each through the catalog message kept for it here, by id. A release line's texts need no such
 * table: their ids derive from the line's id (lineTexts.ts).
 */
export const ALLOCATOR_MESSAGES: Record<Allocator, MessageId> = {
  'jemalloc-bundled': 'allocator.bundled',
  'jemalloc-system': 'allocator.system',
  libc: 'allocator.libc',
};
