/** The raw signed launch data; every API call and socket carries it. Set once at start-up. */
let current = '';

export function setInitData(raw: string): void {
  current = raw;
}

export function getInitData(): string {
  return current;
}
