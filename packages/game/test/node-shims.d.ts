// The package compiles without Node's types so that src cannot use them by accident; tests may
// read files, so declare just what they use.
declare module 'node:fs' {
  export function readFileSync(path: string, encoding: 'utf8'): string;
}
