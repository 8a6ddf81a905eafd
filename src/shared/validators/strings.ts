/** Length of a string in Unicode code points (an emoji or a rare CJK character counts as one). */
export function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}
