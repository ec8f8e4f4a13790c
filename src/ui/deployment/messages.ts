/** The headroom split's user-visible English strings, in one place for the message catalogs. */
export const headroomMessages = {
  reserveLabel: 'Provider reserve (%)',
  reserveNone: 'none: self-managed, or a provider that keeps nothing back',
  headroomLabel: 'Fork copy-on-write headroom (%)',
  headroomHint: 'of RSS, for pages a fork copies during snapshots and full syncs',
};

/** "ElastiCache keeps 25 % of each node (reserved-memory-percent); it holds the fork's copies" */
export const reserveHint = (percent: number) =>
  `${percent} % of each node kept by the provider (ElastiCache: reserved-memory-percent); it holds the fork's copies, so only the larger headroom counts`;

/** Under "With headroom": the part that counts, and the one that fits inside it. */
export const headroomCell = (from: 'copy-on-write' | 'reserve', copyOnWrite: string, reserve: string, hasReserve: boolean) =>
  !hasReserve
    ? `+${copyOnWrite} copy-on-write`
    : from === 'reserve'
      ? `+${reserve} reserve, holding the ${copyOnWrite} copy-on-write`
      : `+${copyOnWrite} copy-on-write, holding the ${reserve} reserve`;

export const reserveAssumed = "no provider reserve (set ElastiCache's reserved-memory-percent if you run there)";
