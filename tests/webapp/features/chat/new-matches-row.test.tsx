import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ChatListScreen from '../../../../webapp/features/chat/components/chat-list-screen';
import { stubFetch } from '../../support/fetch-stub';
import { installFakeSockets } from '../../support/realtime-screen';
import { signIn } from '../../support/session';
import { chatItem } from './chat-fixtures';

beforeEach(() => {
  installFakeSockets();
  signIn();
  localStorage.clear();
});
afterEach(() => localStorage.clear());

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

describe('new matches on the chat list', () => {
  it('shows matches without a first message as a row at the top, apart from the chats; a tap opens the chat', async () => {
    stubFetch({
      'GET /api/chat/me': {
        json: {
          ok: true,
          items: [
            chatItem({ id: '11', title: 'Соня', lastSeq: 0, message: { last: null, time: null } }),
            chatItem({ id: '7', title: 'Маша' }),
            chatItem({ id: '12', title: 'Лёва', lastSeq: 0, message: { last: null, time: null } }),
            // A closed chat is no new match, even without messages.
            chatItem({ id: '13', title: 'Чат закрыт', lastSeq: 0, readOnly: true, message: { last: null, time: null } }),
          ],
          nextCursor: null,
        },
      },
      'GET /api/chat/archive': { json: { ok: true, messageCount: 0, chatTitles: [] } },
    });
    render(
      <MemoryRouter initialEntries={['/chat']}>
        <Routes>
          <Route path="/chat" element={<ChatListScreen />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    const row = await screen.findByRole('region', { name: 'Новые матчи' });
    expect(
      within(row)
        .getAllByRole('link')
        .map((l) => l.getAttribute('aria-label')),
    ).toEqual(['Написать: Соня', 'Написать: Лёва']);
    const list = screen.getByRole('list', { name: 'Чаты' });
    expect(within(list).queryByText('Соня')).toBeNull();
    expect(within(list).getByText('Маша')).toBeTruthy();
    expect(within(list).getByText('Чат закрыт')).toBeTruthy();
    fireEvent.click(within(row).getByRole('link', { name: 'Написать: Лёва' }));
    expect(screen.getByTestId('where').textContent).toBe('/messages/12');
  });

  it('has no row when every match has messages', async () => {
    stubFetch({
      'GET /api/chat/me': { json: { ok: true, items: [chatItem()], nextCursor: null } },
      'GET /api/chat/archive': { json: { ok: true, messageCount: 0, chatTitles: [] } },
    });
    render(
      <MemoryRouter initialEntries={['/chat']}>
        <ChatListScreen />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Маша')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Новые матчи' })).toBeNull();
  });
});
