import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The dependency direction of docs/architecture.md is enforced by lint rules; these prove the rules
// bite, so a later edit of eslint.config.js cannot silently switch them off.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function lintAs(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('dependency direction', () => {
  it.each([
    [
      'packages/game/src/example.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    ],
    ['packages/game/src/example.ts', "import { z } from 'zod';\nexport const x = z;\n"],
    ['packages/game/src/example.ts', "import { x } from '@ruthless/protocol';\nexport const y = x;\n"],
    ['packages/game/src/example.ts', 'export const roll = () => Math.random();\n'],
    ['packages/game/src/example.ts', 'export const now = () => Date.now();\n'],
    ['packages/game/src/example.ts', 'export const now = () => new Date();\n'],
    ['packages/game/src/example.ts', "let last = '';\nexport const remember = (s: string) => (last = s);\n"],
    [
      'packages/game/src/example.ts',
      'export const copy = (h: { _cloneInto(): unknown }) => h._cloneInto();\n',
    ],
    [
      'packages/protocol/src/example.ts',
      "import { buildApp } from '../../../apps/server/src/app';\nexport const x = buildApp;\n",
    ],
    ['apps/web/src/example.ts', "import { buildApp } from '@ruthless/server';\nexport const x = buildApp;\n"],
    // Web features stand side by side; shared folders import no feature.
    [
      'apps/web/src/features/game/components/example.ts',
      "import { useRooms } from '@/features/lobby/api/claim-ticket';\nexport const x = useRooms;\n",
    ],
    [
      'apps/web/src/features/game/components/example.ts',
      "import { x } from '../../lobby/api/claim-ticket';\nexport const y = x;\n",
    ],
    [
      'apps/web/src/lib/example.ts',
      "import { x } from '@/features/game/components/ball';\nexport const y = x;\n",
    ],
    [
      'apps/web/src/components/ui/example.ts',
      "import { x } from '../../features/game/components/ball';\nexport const y = x;\n",
    ],
  ])('refuses in %s: %s', async (filePath, code) => {
    const messages = await lintAs(filePath, code);
    expect(
      messages.some((message) => /^no-restricted-(imports|properties|syntax|globals)/.test(message)),
    ).toBe(true);
  });

  it('lets the engine use its hash library and the apps use the packages', async () => {
    expect(
      await lintAs(
        'packages/game/src/example.ts',
        "import { sha256 } from '@noble/hashes/sha2.js';\nexport const x = sha256;\n",
      ),
    ).toEqual([]);
    expect(
      await lintAs(
        'apps/server/src/example.ts',
        "import { commitmentOf } from '@ruthless/game';\nexport const x = commitmentOf;\n",
      ),
    ).toEqual([]);
  });

  it('lets a feature import its own files and the shared folders', async () => {
    expect(
      await lintAs(
        'apps/web/src/features/game/components/example.ts',
        "import { a } from '@/features/game/api/send-choice';\nimport { b } from '../hooks/use-server-now';\n" +
          "import { c } from '@/lib/live-game/game-store';\nexport const x = [a, b, c];\n",
      ),
    ).toEqual([]);
  });
});
