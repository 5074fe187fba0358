import { onTelegramConnected, sdk } from './sdk';

/** What a form shows on Telegram's MainButton: its primary action, enabled or not, with a loader while it works. */
export interface MainButtonParams {
  text: string;
  enabled: boolean;
  progress: boolean;
}

interface MainButtonHolder {
  params(): MainButtonParams;
  onClick(): void;
}

const holders: MainButtonHolder[] = [];
const listeners = new Set<() => void>();
let shown = false;
let unsubscribe: (() => void) | null = null;

function setShown(next: boolean): void {
  if (next === shown) return;
  shown = next;
  listeners.forEach((listener) => listener());
}

// The newest form wins (a sheet over a screen); a press reaches exactly that one.
function sync(): void {
  const top = holders.at(-1);
  const mainButton = sdk()?.mainButton;
  try {
    if (!mainButton?.isMounted()) return setShown(false);
    if (!top) {
      unsubscribe?.();
      unsubscribe = null;
      mainButton.setParams({ isVisible: false, isLoaderVisible: false });
      return setShown(false);
    }
    const { text, enabled, progress } = top.params();
    mainButton.setParams({ text, isVisible: true, isEnabled: enabled && !progress, isLoaderVisible: progress });
    unsubscribe ??= mainButton.onClick(() => {
      const current = holders.at(-1);
      if (current && current.params().enabled && !current.params().progress) current.onClick();
    });
    setShown(true);
  } catch {
    // Outside Telegram (a plain browser tab) there is no MainButton: the form keeps its own button.
    setShown(false);
  }
}

// A form that took the button before the SDK arrived shows it once Telegram is connected.
onTelegramConnected(sync);

/** Takes the MainButton for `holder`; `update` re-reads its params; `release` gives it back (hidden when nobody holds it). */
export function holdMainButton(holder: MainButtonHolder): { update(): void; release(): void } {
  holders.push(holder);
  sync();
  return {
    update: () => holders.at(-1) === holder && sync(),
    release: () => {
      const index = holders.indexOf(holder);
      if (index >= 0) holders.splice(index, 1);
      sync();
    },
  };
}

/** True while Telegram shows the MainButton for some form. */
export const isMainButtonShown = () => shown;

export function subscribeMainButton(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
