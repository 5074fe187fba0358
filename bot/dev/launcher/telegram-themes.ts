/** Telegram's theme parameters for its light and dark themes, as its clients send them to a mini app. */

export type ThemeName = 'light' | 'dark';
export type ThemeParams = Record<string, string>;

export const THEMES: Record<ThemeName, ThemeParams> = {
  light: {
    bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#707579',
    link_color: '#3390ec',
    button_color: '#3390ec',
    button_text_color: '#ffffff',
    secondary_bg_color: '#f4f4f5',
    header_bg_color: '#ffffff',
    bottom_bar_bg_color: '#ffffff',
    accent_text_color: '#3390ec',
    section_bg_color: '#ffffff',
    section_header_text_color: '#3390ec',
    section_separator_color: '#e7e7e7',
    subtitle_text_color: '#707579',
    destructive_text_color: '#e53935',
  },
  dark: {
    bg_color: '#212121',
    text_color: '#ffffff',
    hint_color: '#aaaaaa',
    link_color: '#8774e1',
    button_color: '#8774e1',
    button_text_color: '#ffffff',
    secondary_bg_color: '#0f0f0f',
    header_bg_color: '#212121',
    bottom_bar_bg_color: '#212121',
    accent_text_color: '#8774e1',
    section_bg_color: '#212121',
    section_header_text_color: '#aaaaaa',
    section_separator_color: '#303030',
    subtitle_text_color: '#aaaaaa',
    destructive_text_color: '#ff595a',
  },
};

export const themeNamed = (name: string | null): ThemeName => (name === 'dark' ? 'dark' : 'light');
