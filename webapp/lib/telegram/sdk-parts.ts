// The parts of the Telegram SDK that start-up and the app's first screens use: one chunk beside the entry (sdk.ts).
/** @public (read through sdk.ts's dynamic import) */
export {
  backButton,
  init,
  mainButton,
  miniApp,
  openTelegramLink,
  popup,
  retrieveRawLaunchParams,
  setTargetOrigin,
  settingsButton,
  swipeBehavior,
  closingBehavior,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
