/** An .html file imported by server code is its text (scripts/build-server.mjs' loaders; vitest.config.ts for tests). */
declare module '*.html' {
  const text: string;
  export default text;
}
