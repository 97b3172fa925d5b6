// Types of cluster-nginx.mjs for the TypeScript that imports it (the scale bench).
export function installedNginx(): string | undefined;
export function writeNginxConfig(options: {
  nginx: string;
  dir: string;
  listen: string;
  ports: number[];
  workers?: string;
}): Promise<string | null>;
export function nginxArgs(dir: string): string[];
