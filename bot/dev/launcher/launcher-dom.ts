/** The page's element of that id and kind: the page and this script are built together, so a miss is a bug. */
export function element<T extends HTMLElement>(id: string, kind: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof kind)) throw new Error(`launcher: #${id} is not a ${kind.name}`);
  return found;
}

export const byId = (id: string): HTMLElement => element(id, HTMLElement);

/** A <button type="button"> with that text. */
export function textButton(text: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = text;
  return button;
}

/** A JSON answer of the launcher's routes (launcher-answers.ts); anything but 2xx is an error. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as T;
}

export const postJson = <T>(url: string, body: unknown = {}): Promise<T> =>
  fetchJson<T>(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
