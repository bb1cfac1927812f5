/** The share link's name in a `/share/<id>` path (decoded), or "" when the path names none. */
export function shareIdOfPath(pathname: string): string {
  const match = /^\/share\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return "";
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return "";
  }
}
