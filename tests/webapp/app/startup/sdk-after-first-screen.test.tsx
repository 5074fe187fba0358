import { render, screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { stubFetch } from '../../support/fetch-stub';
import { holdSdk } from '../../support/held-sdk';
import { happyPath } from '../../support/startup';

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

it('renders the first screen before the Telegram SDK arrives (issue 39); what it holds is shown on Telegram once it does', async () => {
  const { arrive, client } = holdSdk();
  stubFetch(happyPath());
  const [{ StartupGate }, { useMainButton }, { useTelegramBackButton }, { useTelegramSettingsButton }, swipes, closing] = await Promise.all(
    [
      import('../../../../webapp/app/startup/startup-gate'),
      import('../../../../webapp/lib/telegram/use-main-button'),
      import('../../../../webapp/lib/telegram/use-back-button'),
      import('../../../../webapp/lib/telegram/use-settings-button'),
      import('../../../../webapp/lib/telegram/use-vertical-swipes'),
      import('../../../../webapp/lib/telegram/use-closing-guard'),
    ],
  );
  const onMain = vi.fn();
  const onBack = vi.fn();
  const onSettings = vi.fn();
  function FirstScreen() {
    const shown = useMainButton({ text: 'Сохранить', onClick: onMain });
    useTelegramBackButton(true, onBack);
    useTelegramSettingsButton(onSettings);
    swipes.useDisableVerticalSwipes(true);
    closing.useClosingGuard(true);
    return shown ? <p>Экран</p> : <button type="button">Сохранить</button>;
  }
  render(
    <StartupGate>
      <FirstScreen />
    </StartupGate>,
  );
  // On screen with its own button: Telegram has neither the app's buttons nor its theme yet.
  expect(await screen.findByRole('button', { name: 'Сохранить' })).toBeTruthy();
  expect(client.posted.map((p) => p.name)).toEqual([]);
  expect(cssVar('--tg-theme-bg-color')).toBe('');

  arrive();
  await waitFor(() => expect(client.last('web_app_setup_main_button')).toMatchObject({ is_visible: true, text: 'Сохранить' }));
  expect(await screen.findByText('Экран')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
  expect(client.last('web_app_setup_back_button')).toEqual({ is_visible: true });
  expect(client.last('web_app_setup_settings_button')).toEqual({ is_visible: true });
  expect(client.last('web_app_setup_swipe_behavior')).toEqual({ allow_vertical_swipe: false });
  expect(client.last('web_app_setup_closing_behavior')).toEqual({ need_confirmation: true });
  expect(cssVar('--tg-theme-bg-color')).toBe('#ffffff');

  // The presses reach the screen that took the buttons before Telegram was connected.
  client.send('main_button_pressed');
  client.send('back_button_pressed');
  client.send('settings_button_pressed');
  expect(onMain).toHaveBeenCalledTimes(1);
  expect(onBack).toHaveBeenCalledTimes(1);
  expect(onSettings).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(client.posted.filter((p) => p.name === 'web_app_expand')).toHaveLength(1));
});
