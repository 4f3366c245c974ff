/**
 * The address of the page a request is for. A navigation inside the app asks for the page's data at
 * `/path.data` (`/path/_.data` with a trailing slash) with a `_routes` parameter, which an address to
 * send the visitor to must leave off: a browser sent there would show that data as text.
 */
export function pageAddress(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.endsWith('/_.data')
    ? url.pathname.slice(0, -'_.data'.length)
    : url.pathname.replace(/\.data$/, '');
  url.searchParams.delete('_routes');
  const search = url.searchParams.toString();
  return search ? `${path}?${search}` : path;
}
