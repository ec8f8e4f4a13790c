/** intset: 8-byte header (encoding, length) and every member at the width of the widest. */
export function intsetWidth(value: number): 2 | 4 | 8 {
  if (value >= -32_768 && value <= 32_767) return 2;
  if (value >= -2_147_483_648 && value <= 2_147_483_647) return 4;
  return 8;
}

export function intsetBytes(members: number, widest: number): number {
  return 8 + members * intsetWidth(widest);
}
