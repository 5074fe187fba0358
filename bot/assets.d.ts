/** An .html file imported by server code is its text (scripts/build-server.mjs' loaders; vitest.config.ts for tests). */
declare module '*.html' {
  const text: string;
  export default text;
}

/** A browser script imported with `?script` is its bundle's text, minified (scripts/build-server.mjs; vitest.config.ts for tests). */
declare module '*?script' {
  const script: string;
  export default script;
}
