/** The server settings that choose compact or large encodings; defaults as compiled and shipped. */
export interface EncodingThresholds {
  hashMaxListpackEntries: number;
  hashMaxListpackValue: number;
  setMaxIntsetEntries: number;
  setMaxListpackEntries: number;
  setMaxListpackValue: number;
  zsetMaxListpackEntries: number;
  zsetMaxListpackValue: number;
  /** Negative: -1..-5 for 4, 8, 16, 32, 64 KiB per list node; positive: elements per node. */
  listMaxListpackSize: number;
}

export const DEFAULT_THRESHOLDS: EncodingThresholds = {
  hashMaxListpackEntries: 512,
  hashMaxListpackValue: 64,
  setMaxIntsetEntries: 512,
  setMaxListpackEntries: 128,
  setMaxListpackValue: 64,
  zsetMaxListpackEntries: 128,
  zsetMaxListpackValue: 64,
  listMaxListpackSize: -2,
};
