/** The stale-results marker's user-visible English strings, in one place for the message catalogs. */
export const staleMessages = {
  summaryMarker: 'out of date',
};

/** "Out of date: these results are for the last valid input. Fix Keys to update them." */
export const staleResults = (labels: string[]) =>
  `Out of date: these results are for the last valid input. Fix ${labels.join(', ')} to update them.`;
