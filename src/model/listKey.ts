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

/** List of n equal elements: one listpack while it fits the node limit, else a quicklist of full nodes. */
export function prepareList(element: ElementSpec, n: number, t: EncodingThresholds): PreparedList {
  const setting = t.listMaxListpackSize;
  const limit = listNodeByteLimit(setting);
  const e = listpackEntryBytes(element);
  const length = element.length;
  // A node takes one more element while its listpack plus the element (and 8 bytes of slack) stays within the limit.
  const byBytes = Math.max(1, Math.floor((limit - 15 - length) / e) + 1);
  const perNode = setting > 0 ? Math.min(setting, byBytes) : byBytes;
  const fitsOneListpack = setting < 0 ? LISTPACK_OVERHEAD + (n - 1) * e + length <= limit : n <= setting;
  const fullNodes = Math.floor(n / perNode);
  const rest = n - fullNodes * perNode;
  return {
    oneListpackRequest: fitsOneListpack ? listpackRequest(n * e) : 0,
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
