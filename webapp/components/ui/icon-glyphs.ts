// The glyphs the page's inline script (webapp/boot) draws in a chat list or a chat before the app: one constant each,
// so its bundle takes only those, not the icon table.
export const LOCK = 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3';
export const ARCHIVE = 'M4 5h16v4H4zM5.5 9v10h13V9M10 13h4';
export const CLIP = 'M21 11.5 12.5 20a5 5 0 0 1-7-7l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7L10 17.9a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8';
export const SMILE = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01';
export const REFRESH = 'M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5';
export const SEND = 'M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z';
export const DOTS =
  'M12 7.3a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6zM12 13.8a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6zM12 20.3a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6z';
