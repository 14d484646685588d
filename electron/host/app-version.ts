// package.json's version, written into the build by Vite's `define` (vite.main.config.ts; the vitest
// configs define it too, for the tests that run the sources). It holds however the app is started:
// npm_package_version is set only under npm, so `node dist/cli/web-cli.mjs` said 0.0.0.
declare const __VOUCHER_DESK_VERSION__: string;

export const APP_VERSION: string = __VOUCHER_DESK_VERSION__;
