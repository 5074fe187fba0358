import { BotChat } from './bot-chat';
import { byId, element, fetchJson, postJson } from './launcher-dom';
import type { LaunchAnswer, NewUserAnswer } from './launcher-answers';
import { closeApp, emit, frame, launch, setFullscreen, viewportData } from './mini-app-frame';
import { listenToMiniApp } from './telegram-bridge';
import { themeNamed } from './telegram-themes';
import { paintChrome, theme, view } from './telegram-view';
import { loadUsers, markCurrentUser } from './user-list';

/** The /dev launcher page's script (bundled into the page by the server's build): wires the columns together. */

let current: number | null = null;
let lastUrl: string | null = null;
const region = element('region', HTMLSelectElement);
const chat = new BotChat({ currentUser: () => current, openRoute: (id, route) => void openAs(id, route) });

// A direct link (the user list) carries the region as start_param; a bot's web-app button carries it in its URL only.
async function openAs(id: number, route: string, startParam?: string): Promise<void> {
  current = id;
  const query = startParam ? `&startParam=${startParam}` : '';
  const { url } = await fetchJson<LaunchAnswer>(`/dev/api/launch/${id}?route=${encodeURIComponent(route)}${query}`);
  lastUrl = url;
  launch(url);
  const openTab = element('open-tab', HTMLAnchorElement);
  openTab.href = url;
  openTab.hidden = false;
  byId('current').textContent = `Открыто как #${id}`;
  markCurrentUser(id);
  await chat.load();
}

const openFromList = (id: number) => void openAs(id, '/', region.value);
const refreshUsers = () => loadUsers(current, openFromList).catch(() => {});

function listenToControls(): void {
  byId('new-user').onclick = async () => openFromList((await postJson<NewUserAnswer>('/dev/api/new-user')).id);
  region.onchange = () => current && openFromList(current);
  const wide = element('wide', HTMLInputElement);
  wide.onchange = () => byId('phone').classList.toggle('wide', wide.checked);
  const themeSelect = element('theme', HTMLSelectElement);
  themeSelect.value = view.theme;
  themeSelect.onchange = () => {
    view.theme = themeNamed(themeSelect.value);
    localStorage.setItem('dev-theme', view.theme);
    view.headerColor = null;
    paintChrome();
    emit('theme_changed', { theme_params: theme() });
  };
  const fullscreen = element('fullscreen', HTMLInputElement);
  fullscreen.onchange = () => {
    setFullscreen(fullscreen.checked);
    emit('fullscreen_changed', { is_fullscreen: fullscreen.checked });
  };
  byId('tg-back').onclick = () => emit('back_button_pressed');
  byId('tg-main').onclick = () => emit('main_button_pressed');
  byId('tg-close').onclick = () => closeApp();
  byId('tg-menu').onclick = () => emit('settings_button_pressed');
  byId('reopen').onclick = () => lastUrl && launch(lastUrl);
}

listenToControls();
chat.listen();
listenToMiniApp();
new ResizeObserver(() => {
  if (!frame().hidden && frame().src !== 'about:blank') emit('viewport_changed', viewportData());
}).observe(frame());
paintChrome();
setInterval(() => void chat.load().catch(() => {}), 1500);
setInterval(refreshUsers, 10000);
void refreshUsers();
