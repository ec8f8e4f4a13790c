/** Byte units, converted in one place. "MB" in Percona's tables means MiB. */
export const KIB = 1024;
export const MIB = 1024 ** 2;
export const GIB = 1024 ** 3;
export const TIB = 1024 ** 4;
export const KB = 1e3;
export const MB = 1e6;
export const GB = 1e9;
export const TB = 1e12;
