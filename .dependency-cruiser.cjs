// The import map of the tree (issue 41), checked in CI by `npm run lint`: no cycles, and the layers of
// ../shared/ARCHITECTURE.md one way only: contracts/ under everything, platform/ (what the domain runs on) under the
// server's layers, db/ (the domain) under api/ and bot/, the mini app beside them sharing contracts/ only.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle ties modules together: neither can be understood, tested or loaded without the other.',
      from: {},
      // A cycle through a type-only import costs nothing at run time.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'contracts-are-the-floor',
      severity: 'error',
      comment: 'Contracts are shared by every layer: zod and other contracts only.',
      from: { path: '^contracts/' },
      to: { path: '^(api|db|platform|bot|webapp|scripts|tests)/' },
    },
    {
      name: 'platform-under-the-domain',
      severity: 'error',
      comment:
        'platform/ is what the domain runs on, with no business rule: it may import contracts/ only, never db/, api/, bot/ or the mini app.',
      from: { path: '^platform/' },
      to: { path: '^(api|db|bot|webapp|scripts|tests)/' },
    },
    {
      name: 'domain-never-up',
      severity: 'error',
      comment: 'db/ is the domain: it may import contracts/ and platform/ only, never api/, bot/ or the mini app.',
      from: { path: '^db/' },
      to: { path: '^(api|bot|webapp|scripts|tests)/' },
    },
    {
      name: 'api-under-bot',
      severity: 'error',
      comment: 'api/ may import db/, platform/, contracts/ and its own folders only.',
      from: { path: '^api/' },
      to: { path: '^(bot|webapp|scripts|tests)/' },
    },
    {
      name: 'mini-app-shares-contracts-only',
      severity: 'error',
      comment: 'The mini app shares only contracts/ with the server.',
      // The build's configuration is tooling, not the app: it may use the repository's build scripts.
      from: { path: '^webapp/', pathNot: '^webapp/vite\\.config\\.ts$' },
      to: { path: '^(api|db|platform|bot|scripts|tests)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|test-results|docs|tmp-probe)/|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
