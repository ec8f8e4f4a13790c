import type { WriteHistory } from '../data/vocabulary';
import type { EncodingThresholds } from './encodingThresholds';
import { listpackBytes, listpackRequest } from './collectionKey';
import type { ElementSpec } from './elements';
import type { Parts } from './itemiser';
import { allocated, type BuildContext } from './allocator';
import { LISTPACK_OVERHEAD, listpackEntryBytes } from './listpack';
import { QUICKLIST_NODE_BYTES } from './structs';

/** A quicklist's nodes: full ones, and a first and a last that hold other counts (0 bytes when absent). */
interface QuicklistNodes {
  nodes: number;
  fullNodes: number;
  fullNodeRequest: number;
  /** The listpack a list grew as before it became a quicklist, which holds one more element than a full node can. */
  firstNodeRequest: number;
  lastNodeRequest: number;
}

/**
 * A list's payload laid out by the list-max-listpack-size setting and how it was written. 7.2+
 * starts a list as one listpack: pushed one element per command it converts once the next push
 * would pass the node limit, and that listpack stays as the first node (t_list.c
 * listTypeTryConvertListpack); one RPUSH of the whole list is weighed by its raw lengths alone, so
 * it stays one listpack a little past the node limit, and beyond converts while still empty and
 * fills every node from empty, as Redis 7.0 (no list listpack) always does. A load keeps the nodes
 * as they were saved (rdb.c), so a list loaded after growing by pushes is as written.
 */
export interface PreparedList {
  /** Bytes requested for the list as one listpack (7.2+); 0 when it is a quicklist. */
  oneListpackRequest: number;
  /** The quicklist on lines with list listpacks (7.2+), when the list is one. */
  quicklist: QuicklistNodes;
  /** The quicklist on Redis 7.0, whose nodes all fill from empty. */
  quicklistFromEmpty: QuicklistNodes;
}

/** The per-node size limit the -1..-5 settings select. */
const LIST_NODE_BYTE_LIMITS = [4096, 8192, 16384, 32768, 65536];
/** A count-limited node is still kept under 8 KiB (SIZE_SAFETY_LIMIT). */
const SIZE_SAFETY_LIMIT = 8192;

function listNodeByteLimit(setting: number): number {
  return setting < 0 ? LIST_NODE_BYTE_LIMITS[Math.min(5, -setting) - 1]! : SIZE_SAFETY_LIMIT;
}

/** Elements of this kind a quicklist node holds. */
function elementsPerNode(element: ElementSpec, t: EncodingThresholds): number {
  const setting = t.listMaxListpackSize;
  // A node takes one more element while its listpack plus the element (and 8 bytes of slack) stays within the limit.
  const byBytes = Math.max(1, Math.floor((listNodeByteLimit(setting) - 15 - element.length) / listpackEntryBytes(element)) + 1);
  return setting > 0 ? Math.min(setting, byBytes) : byBytes;
}

function fitsOneListpack(element: ElementSpec, n: number, t: EncodingThresholds): boolean {
  const setting = t.listMaxListpackSize;
  const e = listpackEntryBytes(element);
  return setting < 0 ? LISTPACK_OVERHEAD + (n - 1) * e + element.length <= listNodeByteLimit(setting) : n <= setting;
}

/**
 * Lengths at which a list of such elements changes shape on some line: the longest that is one
 * listpack (written whole, the longest one RPUSH keeps as one), and each count of full quicklist
 * nodes (the first `steps` of them), filled from empty or after the listpack of a list pushed one
 * by one.
 */
export function listLengthSteps(element: ElementSpec, t: EncodingThresholds, steps: number, written: WriteHistory): number[] {
  return [...new Set([longestOneListpack(element, t), ...listNodeStarts(element, t, steps, written)])];
}

/** Lengths at which a list's quicklist begins a new node (the first `steps` of them), on some line. */
export function listNodeStarts(element: ElementSpec, t: EncodingThresholds, steps: number, written: WriteHistory): number[] {
  const perNode = elementsPerNode(element, t);
  const firsts = written === 'whole-collection' ? [0] : [0, longestOneListpack(element, t)];
  // Two kinds of first node (from empty, and after a pushed listpack) share the steps between
  // them: the work of pricing a list's lengths stays what one kind's steps cost.
  const each = Math.max(1, Math.ceil(steps / firsts.length));
  const starts = firsts.flatMap((first) => Array.from({ length: each }, (_, i) => first + (i + 1) * perNode));
  const wholeLongest = longestWholePush(element, t);
  if (written === 'whole-collection' && Number.isFinite(wholeLongest)) starts.push(wholeLongest);
  return starts;
}

/** The most elements one RPUSH keeps as one listpack (wholePushIsOneListpack), worked out. */
function longestWholePush(element: ElementSpec, t: EncodingThresholds): number {
  const setting = t.listMaxListpackSize;
  const byBytes = element.length === 0 ? Infinity : Math.floor((listNodeByteLimit(setting) - LISTPACK_OVERHEAD) / element.length);
  return setting < 0 ? byBytes : Math.min(setting, byBytes);
}

/**
 * The most elements that are one listpack (fitsOneListpack, which shrinks as n grows), worked
 * out, not searched: a count setting of 10^6 would take 10^6 tries.
 */
function longestOneListpack(element: ElementSpec, t: EncodingThresholds): number {
  const setting = t.listMaxListpackSize;
  if (setting > 0) return setting;
  const room = listNodeByteLimit(setting) - LISTPACK_OVERHEAD - element.length;
  return Math.max(0, Math.floor(room / listpackEntryBytes(element)) + 1);
}

/** n equal elements in quicklist nodes: a first node of `first` elements (0: none of its own), then full ones. */
function quicklistNodes(element: ElementSpec, n: number, perNode: number, first: number): QuicklistNodes {
  const e = listpackEntryBytes(element);
  const firstCount = Math.min(first, n);
  const fullNodes = Math.floor((n - firstCount) / perNode);
  const rest = n - firstCount - fullNodes * perNode;
  return {
    nodes: (firstCount > 0 ? 1 : 0) + fullNodes + (rest > 0 ? 1 : 0),
    fullNodes,
    fullNodeRequest: listpackRequest(perNode * e),
    firstNodeRequest: firstCount > 0 ? listpackRequest(firstCount * e) : 0,
    lastNodeRequest: rest > 0 ? listpackRequest(rest * e) : 0,
  };
}

/**
 * One RPUSH of n elements (7.2+) keeps them one listpack while the empty listpack and their raw
 * lengths stay within the node limit (and, for a count setting, the count within it).
 */
function wholePushIsOneListpack(element: ElementSpec, n: number, t: EncodingThresholds): boolean {
  return n <= longestWholePush(element, t);
}

/**
 * A list of n equal elements as written (`written`), or loaded from a snapshot of lists written as
 * `savedAfter` says: the nodes load as saved, and a single one within the node limit becomes a
 * listpack (7.2+), so one RPUSH's listpack past the limit loads as a quicklist of that one node.
 */
export function prepareList(
  element: ElementSpec,
  n: number,
  t: EncodingThresholds,
  written: WriteHistory = 'one-per-command',
  savedAfter: WriteHistory = 'one-per-command',
  compactBytes?: number,
): PreparedList {
  if (compactBytes !== undefined) return oneNodeList(compactBytes, n, t);
  const perNode = elementsPerNode(element, t);
  const fromEmpty = quicklistNodes(element, n, perNode, 0);
  const oneListpackRequest = listpackRequest(n * listpackEntryBytes(element));
  if (written === 'whole-collection' || (written === 'loaded' && savedAfter === 'whole-collection')) {
    if (!wholePushIsOneListpack(element, n, t))
      return { oneListpackRequest: 0, quicklist: fromEmpty, quicklistFromEmpty: fromEmpty };
    if (written === 'whole-collection' || fitsOneNode(oneListpackRequest, n, t))
      return { oneListpackRequest, quicklist: fromEmpty, quicklistFromEmpty: fromEmpty };
    const oneNode = { nodes: 1, fullNodes: 0, fullNodeRequest: 0, firstNodeRequest: oneListpackRequest, lastNodeRequest: 0 };
    return { oneListpackRequest: 0, quicklist: oneNode, quicklistFromEmpty: fromEmpty };
  }
  const one = fitsOneListpack(element, n, t);
  return {
    oneListpackRequest: one ? oneListpackRequest : 0,
    quicklist: one ? fromEmpty : quicklistNodes(element, n, perNode, longestOneListpack(element, t)),
    quicklistFromEmpty: fromEmpty,
  };
}

/**
 * A list of one listpack node of `bytes` (a snapshot's): a listpack where the line has list
 * listpacks and the node is within the node limit, else a quicklist of that node (as
 * listNodesPayloadBytes prices the file's lists).
 */
function oneNodeList(bytes: number, n: number, t: EncodingThresholds): PreparedList {
  const node = { nodes: 1, fullNodes: 0, fullNodeRequest: 0, firstNodeRequest: bytes, lastNodeRequest: 0 };
  return { oneListpackRequest: fitsOneNode(bytes, n, t) ? bytes : 0, quicklist: node, quicklistFromEmpty: node };
}

/** A loaded list of one node becomes a listpack when the node is within the node limit (t_list.c listTypeTryConvertQuicklist). */
function fitsOneNode(listpackBytes: number, n: number, t: EncodingThresholds): boolean {
  const setting = t.listMaxListpackSize;
  return setting < 0 ? listpackBytes <= listNodeByteLimit(setting) : n <= setting;
}

export function listPayloadBytes(ctx: BuildContext, list: PreparedList, into: Parts): number {
  if (ctx.layout.listSingleListpack && list.oneListpackRequest > 0) {
    return listpackBytes(ctx, list.oneListpackRequest, 'list listpack', into);
  }
  const q = ctx.layout.listSingleListpack ? list.quicklist : list.quicklistFromEmpty;
  return (
    into.part('quicklist', allocated(ctx, ctx.layout.quicklistStructBytes)) +
    into.part('quicklist nodes', q.nodes * allocated(ctx, QUICKLIST_NODE_BYTES)) +
    into.part(
      'quicklist node listpacks',
      q.fullNodes * allocated(ctx, q.fullNodeRequest) + allocated(ctx, q.firstNodeRequest) + allocated(ctx, q.lastNodeRequest),
    )
  );
}

/**
 * A list as an RDB file holds it: the bytes of each listpack node, and of each plain node's
 * element (one too large for a listpack), `elements` in all. The server loads the nodes as they
 * are, and a single listpack node within the node limit becomes one listpack on lines that have
 * list listpacks.
 */
export function listNodesPayloadBytes(
  ctx: BuildContext,
  listpackNodeBytes: readonly number[],
  plainNodeBytes: readonly number[],
  elements: number,
  t: EncodingThresholds,
  into: Parts,
): number {
  const setting = t.listMaxListpackSize;
  const only = listpackNodeBytes.length === 1 && plainNodeBytes.length === 0 ? listpackNodeBytes[0]! : 0;
  const fitsOneNode = only > 0 && (setting < 0 ? only <= listNodeByteLimit(setting) : elements <= setting);
  if (ctx.layout.listSingleListpack && fitsOneNode) return listpackBytes(ctx, only, 'list listpack', into);
  let listpacks = 0;
  for (const bytes of listpackNodeBytes) listpacks += allocated(ctx, bytes);
  let plain = 0;
  for (const bytes of plainNodeBytes) plain += allocated(ctx, bytes);
  const nodes = listpackNodeBytes.length + plainNodeBytes.length;
  return (
    into.part('quicklist', allocated(ctx, ctx.layout.quicklistStructBytes)) +
    into.part('quicklist nodes', nodes * allocated(ctx, QUICKLIST_NODE_BYTES)) +
    into.part('quicklist node listpacks', listpacks) +
    (plain > 0 ? into.part('quicklist plain node data', plain) : 0)
  );
}
