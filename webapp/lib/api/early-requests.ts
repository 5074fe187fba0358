// Start-up's calls sent by the page's inline script (webapp/boot/boot.ts) before the app's code has arrived; the API
// client takes each answer once, for the same method, URL and initData. Two bundles share the map through the window.
const TIMEOUT_MS = 15_000;
/** An answer not taken by then is stale (the screen went elsewhere first): the app asks again. */
const FRESH_MS = 20_000;
type Sent = { answer: Promise<Response>; at: number };
type EarlyWindow = { __earlyCalls?: Map<string, Sent> };
const sent = ((window as EarlyWindow).__earlyCalls ??= new Map<string, Sent>());
const keyOf = (method: string, url: string, initData: string) => `${method} ${url} ${initData}`;

export interface EarlyCall {
  method: 'GET' | 'POST';
  url: string;
}

/** Sends the calls as the API client would (initData in the header, an empty JSON body on POST); answers each. */
export function sendEarly(initData: string, calls: readonly EarlyCall[]): Promise<Response>[] {
  return calls.map(({ method, url }) => {
    const headers: Record<string, string> = { accept: 'application/json', authorization: `tma ${initData}` };
    if (method !== 'GET') headers['content-type'] = 'application/json';
    const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(TIMEOUT_MS) : undefined;
    const answer = fetch(url, { method, headers, body: method === 'GET' ? undefined : '{}', signal });
    // Taken later or never (start-up went elsewhere): a failure is reported to whoever takes it.
    answer.catch(() => undefined);
    sent.set(keyOf(method, url, initData), { answer, at: Date.now() });
    return answer;
  });
}

/** The answer to the same call sent early, taken once; undefined when there is none. */
export function takeEarly(method: string, url: string, initData: string): Promise<Response> | undefined {
  const key = keyOf(method, url, initData);
  const call = sent.get(key);
  sent.delete(key);
  return call && Date.now() - call.at < FRESH_MS ? call.answer : undefined;
}
