/**
 * The path of a request target as the client sent it, without the query: origin-form
 * (`/api/…?x`) or absolute-form (`http://host/api/…`), which HTTP/1.1 servers must accept.
 */
export function requestPath(target: string): string {
  const path = target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '');
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

/** The query of a request target, with its `?`, or ''. */
export function requestQuery(target: string): string {
  const start = target.indexOf('?');
  return start === -1 ? '' : target.slice(start);
}

/**
 * Whether a path holds a dot segment (`.` or `..`, percent-encoded or not). Our router takes
 * them literally while URL parsers (Better Auth's, browsers', proxies') resolve them, so one path
 * could name two routes: such paths are refused.
 */
export function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => {
    const decoded = segment.replace(/%2e/gi, '.');
    return decoded === '.' || decoded === '..';
  });
}
