/** The headroom split's user-visible English strings, in one place for the message catalogs. */
export const headroomMessages = {
  reserveLabel: 'Provider reserve (%)',
  reserveNone: 'none: self-managed, or a provider that keeps nothing back',
  headroomLabel: 'Fork copy-on-write headroom (%)',
  headroomHint: 'of RSS, for pages a fork copies during snapshots and full syncs',
  column: 'Headroom per node',
};

/** "ElastiCache keeps 25 % of each node (reserved-memory-percent); it holds the fork's copies" */
export const reserveHint = (percent: number) =>
  `${percent} % of each node kept by the provider (ElastiCache: reserved-memory-percent); it holds the fork's copies, so only the larger headroom counts`;

/** The deployment table's headroom cell: the part that counts, and the one that fits inside it. */
export const headroomCell = (from: 'copy-on-write' | 'reserve', copyOnWrite: string, reserve: string, hasReserve: boolean) =>
  !hasReserve
    ? `${copyOnWrite} copy-on-write`
    : from === 'reserve'
      ? `${reserve} reserve (holds the ${copyOnWrite} copy-on-write)`
      : `${copyOnWrite} copy-on-write (the ${reserve} reserve lies within)`;

export const reserveAssumed = "no provider reserve (set ElastiCache's reserved-memory-percent if you run there)";
