// The parts of the Telegram SDK the app uses: one chunk beside the entry, the only module that imports the SDK (sdk.ts).
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
  hapticFeedback,
  requestWriteAccess,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
