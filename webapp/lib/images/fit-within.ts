export interface Size {
  width: number;
  height: number;
}

/** Scales a size down so its longest side is at most `maxSide`, keeping the aspect ratio; never scales up. */
export function fitWithin(size: Size, maxSide: number): Size {
  const longest = Math.max(size.width, size.height);
  if (longest <= maxSide || longest <= 0)
    return { width: Math.max(1, Math.round(size.width)), height: Math.max(1, Math.round(size.height)) };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}
