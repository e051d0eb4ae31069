// ESLint (flat config): the recommended JavaScript and TypeScript rules everywhere, the React hooks rules
// in the admin, and one project rule: the admin bundle takes only types from core/ (the server's
// framework-free code), apart from the pure helpers listed here, so server code never lands in the browser.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** core/ modules the admin may import at run time: pure, dependency-free helpers. */
const ADMIN_RUNTIME_CORE_MODULES = [
  'post-url',
  'plugin-identity',
  'settings-keys',
  'wordpress/authorize-application',
  'hooks/preset-guide',
  'mcp/agent-config',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'playground/build/**',
      'playground/.strapi/**',
      'playground/.tmp/**',
      'playground/.packed/**',
      'playground/types/**',
      'playground/public/**',
      'test/.runs/**',
      'bench/.runs/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['eslint.config.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)core/src/(?!(${ADMIN_RUNTIME_CORE_MODULES.join('|')})$)`,
              allowTypeImports: true,
              message:
                'The admin imports only types from core/ (use `import type`), or the pure helpers listed in eslint.config.mjs.',
            },
          ],
        },
      ],
    },
  }
);
