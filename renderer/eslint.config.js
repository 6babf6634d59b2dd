import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

// bulletproof-react's layering: app composes features; a feature uses only itself and the shared layers; the shared
// layers (components, lib, types, utils, testing) use neither features nor app. Every folder under src/features is
// a feature, so a new one is fenced off as soon as it exists.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layers = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what they share to src/components or src/lib, or compose them in src/app.',
  })),
  { target: './src/features', from: './src/app', message: 'A feature does not import the app: the app composes features.' },
  {
    target: ['./src/components', './src/lib', './src/types', './src/utils', './src/testing'],
    from: ['./src/features', './src/app'],
    message: 'The shared layers import neither features nor the app.',
  },
];

// Rules are the server's: validation lives in the engine and reaches the page as JSON Schema (patterns, typed checks,
// choices with their names). The page must not write them again, so it may not name a tier code, a five-digit pattern
// or compare with an age limit; tests (which stand in for the server's answers) and generated files may.
const rulesAreTheServers = [
  {
    selector: 'Literal[value=/^(IO|IS|IC|IF)$/]',
    message: 'Tier codes and names are the server\'s (lib/tiers.ts, the filter form\'s choices): do not write them here.',
  },
  {
    selector: 'Literal[regex.pattern=/\\{5\\}/], Literal[value=/\\{5\\}/]',
    message: 'A ZIP code\'s pattern is the server\'s (the form\'s `pattern` and `maxLength`): do not write it here.',
  },
  {
    selector: 'BinaryExpression[operator=/^[<>]=?$/] > Literal[value=18], BinaryExpression[operator=/^[<>]=?$/] > Literal[value=21]',
    message: 'An age limit is the server\'s (the `adult` check\'s `min_age`): do not write it here.',
  },
];

// Reads go through TanStack Query (lib/query.ts): an answer is kept under its key, a late answer to a question no longer
// asked is dropped, and loading and failure are drawn alike. A read started in an effect has none of that.
const readsAreQueries = [
  {
    selector: "CallExpression[callee.name='useEffect'] CallExpression[callee.name=/^(get|check|fetch|load)[A-Z]/]",
    message: 'Read with useQuery (a query options function beside the call in api/), not in an effect: see lib/query.ts.',
  },
  {
    selector: "CallExpression[callee.name='useEffect'] CallExpression[callee.object.name='api'][callee.property.name='get']",
    message: 'Read with useQuery, not in an effect: see lib/query.ts.',
  },
];

// Words a person reads come from the message catalogues (src/lib/i18n.tsx): a component writes none itself, in its
// text or in the attributes a person reads or hears.

const wordsComeFromTheCatalogue = {
  'formatjs/no-literal-string-in-jsx': ['error', { props: { include: [['*', '(aria-label|aria-description|title|alt|placeholder|label)']] } }],
  'formatjs/enforce-default-message': ['error', 'literal'],
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    // The rule compares resolved files: imports are resolved as the bundler does, without extensions.
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layers }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**', 'src/lib/contract.d.ts', 'src/lib/benefit-contract.d.ts'],
    rules: { 'no-restricted-syntax': ['error', ...rulesAreTheServers, ...readsAreQueries] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    plugins: { formatjs },
    rules: wordsComeFromTheCatalogue,
  },
);
