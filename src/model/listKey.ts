import type { EncodingThresholds } from './encodingThresholds';
import { listpackBytes, listpackRequest } from './collectionKey';
import type { ElementSpec } from './elements';
import type { Parts } from './itemiser';
import { allocated, type BuildContext } from './keyObject';
import { LISTPACK_OVERHEAD, listpackEntryBytes } from './listpack';
import { QUICKLIST_NODE_BYTES } from './structs';

/** A list's payload laid out by the list-max-listpack-size setting, as one listpack and as a quicklist. */
export interface PreparedList {
  /** Bytes requested for the list as one listpack (7.2+); 0 when it does not fit one node. */
  oneListpackRequest: number;
  /** Quicklist nodes: full ones and the last, partly filled one (0 bytes when there is none). */
  nodes: number;
  fullNodes: number;
  fullNodeRequest: number;
  lastNodeRequest: number;
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
 * Lengths at which a list of such elements changes shape: the longest that is one listpack, and
 * each count of full quicklist nodes (the first `steps` of them).
 */
export function listLengthSteps(element: ElementSpec, t: EncodingThresholds, steps: number): number[] {
  const perNode = elementsPerNode(element, t);
  return [longestOneListpack(element, t), ...Array.from({ length: steps }, (_, i) => (i + 1) * perNode)];
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

/** List of n equal elements: one listpack while it fits the node limit, else a quicklist of full nodes. */
export function prepareList(element: ElementSpec, n: number, t: EncodingThresholds): PreparedList {
  const e = listpackEntryBytes(element);
  const perNode = elementsPerNode(element, t);
  const fullNodes = Math.floor(n / perNode);
  const rest = n - fullNodes * perNode;
  return {
    oneListpackRequest: fitsOneListpack(element, n, t) ? listpackRequest(n * e) : 0,
    nodes: fullNodes + (rest > 0 ? 1 : 0),
    fullNodes,
    fullNodeRequest: listpackRequest(perNode * e),
    lastNodeRequest: rest > 0 ? listpackRequest(rest * e) : 0,
  };
}

export function listPayloadBytes(ctx: BuildContext, list: PreparedList, into: Parts): number {
  if (ctx.layout.listSingleListpack && list.oneListpackRequest > 0) {
    return listpackBytes(ctx, list.oneListpackRequest, 'list listpack', into);
  }
  return (
    into.part('quicklist', allocated(ctx, ctx.layout.quicklistStructBytes)) +
    into.part('quicklist nodes', list.nodes * allocated(ctx, QUICKLIST_NODE_BYTES)) +
    into.part(
      'quicklist node listpacks',
      list.fullNodes * allocated(ctx, list.fullNodeRequest) + allocated(ctx, list.lastNodeRequest),
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
