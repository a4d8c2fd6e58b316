// eslint's settings for the web GUI (run by ctest gui_examples_web_lint, `npm run lint`):
// ES modules throughout; the page's files (public/) run in the browser, the bridge and the
// tests in node. eslint's recommended rules, lines of at most 100 characters.
import js from '@eslint/js';

const browser = [
  'window',
  'document',
  'location',
  'navigator',
  'performance',
  'WebSocket',
  'URL',
  'URLSearchParams',
  'Blob',
  'Option',
  'TextDecoderStream',
  'fetch',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'console',
  'getComputedStyle',
];
const node = [
  'process',
  'Buffer',
  'console',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'URL',
  'URLSearchParams',
  'fetch',
  'TextDecoder',
  'TextEncoder',
  'AbortController',
  'setImmediate',
];
const readonly = (names) => Object.fromEntries(names.map((name) => [name, 'readonly']));

export default [
  { ignores: ['node_modules/'] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      'max-len': [
        'error',
        {
          code: 100,
          ignoreUrls: true,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
        },
      ],
    },
  },
  { files: ['public/**/*.js'], languageOptions: { globals: readonly(browser) } },
  { files: ['*.js', 'test/**/*.js'], languageOptions: { globals: readonly(node) } },
  // The browser tests' page.evaluate callbacks run in the page.
  { files: ['test/*.test.js'], languageOptions: { globals: readonly(browser) } },
  // The bridge refuses control characters in what it relays: its patterns name them.
  { files: ['policy.js'], rules: { 'no-control-regex': 'off' } },
];
