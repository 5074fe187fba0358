import { onTelegramConnected, sdk } from './sdk';

/** Who holds Telegram's BackButton: a route (goes back) or an open overlay (closes itself). */
export interface BackHolder {
  onBack(): void;
  overlay: boolean;
}

const holders: BackHolder[] = [];
let unsubscribe: (() => void) | null = null;

/** The newest open overlay wins over any route; without one, the newest route. */
function current(): BackHolder | undefined {
  for (let i = holders.length - 1; i >= 0; i -= 1) if (holders[i]!.overlay) return holders[i];
  return holders.at(-1);
}

// One subscription for the whole app: a press reaches exactly one holder, never a route behind an open pop-up.
function sync(): void {
  const backButton = sdk()?.backButton;
  if (!backButton?.isMounted()) return;
  try {
    if (holders.length === 0) {
      unsubscribe?.();
      unsubscribe = null;
      backButton.hide.ifAvailable();
      return;
    }
    backButton.show();
    unsubscribe ??= backButton.onClick(() => current()?.onBack());
  } catch {
    // Outside Telegram (or an old client) there is no BackButton to take.
  }
}

// A screen or pop-up that took the button before the SDK arrived shows it once Telegram is connected.
onTelegramConnected(sync);

/** Takes the BackButton for `holder` until the returned release is called; the button hides when nobody holds it. */
export function holdBackButton(holder: BackHolder): () => void {
  holders.push(holder);
  sync();
  return () => {
    const index = holders.indexOf(holder);
    if (index >= 0) holders.splice(index, 1);
    sync();
  };
}
